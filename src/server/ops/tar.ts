// The backup archive's container: a plain POSIX tar (ustar), so `tar tf` lists it and `tar xf`
// opens it without Lectern. Written entry by entry from streams (media may be many gigabytes and
// come from S3), read back by position from the file. Sizes past ustar's 8 GiB use the GNU
// base-256 form, which GNU and BSD tar read.
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const BLOCK = 512;

function octal(buf: Buffer, value: number, offset: number, length: number): void {
  buf.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

function writeSize(buf: Buffer, size: number): void {
  if (size < 8 ** 11) return octal(buf, size, 124, 12);
  buf[124] = 0x80;
  let v = BigInt(size);
  for (let i = 135; i > 124; i--, v >>= 8n) buf[i] = Number(v & 0xffn);
}

function readSize(buf: Buffer): number {
  if (!(buf[124] & 0x80)) return parseInt(buf.toString('ascii', 124, 136).replace(/\0.*$/, '').trim() || '0', 8);
  let v = 0n;
  for (let i = 125; i < 136; i++) v = (v << 8n) | BigInt(buf[i]);
  return Number(v);
}

const checksum = (buf: Buffer) => buf.reduce((sum, byte, i) => sum + (i >= 148 && i < 156 ? 32 : byte), 0);

function header(name: string, size: number, mtime: Date): Buffer {
  const buf = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: the name ${name} is longer than 100 bytes`);
  buf.write(name, 0, 100, 'utf8');
  octal(buf, 0o644, 100, 8);
  octal(buf, 0, 108, 8);
  octal(buf, 0, 116, 8);
  writeSize(buf, size);
  octal(buf, Math.floor(mtime.getTime() / 1000), 136, 12);
  buf.write('0', 156, 'ascii');
  buf.write('ustar\0' + '00', 257, 'ascii');
  octal(buf, checksum(buf), 148, 7);
  buf[155] = 0x20;
  return buf;
}

export interface TarWriter {
  /** Appends one file of exactly `size` bytes. */
  add(name: string, size: number, body: Readable | Uint8Array, mtime?: Date): Promise<void>;
  /** Writes the end-of-archive blocks and closes the file. */
  close(): Promise<void>;
}

export async function createTar(file: string): Promise<TarWriter> {
  const fh = await fs.promises.open(file, 'wx');
  let closed = false;
  return {
    async add(name, size, body, mtime = new Date()) {
      await fh.write(header(name, size, mtime));
      let written = 0;
      const chunks: AsyncIterable<Uint8Array> | Uint8Array[] = body instanceof Uint8Array ? [body] : body;
      for await (const chunk of chunks) {
        written += chunk.length;
        if (written > size) throw new Error(`tar: ${name} is longer than the ${size} bytes it announced`);
        await fh.write(chunk);
      }
      if (written !== size) throw new Error(`tar: ${name} ended after ${written} of ${size} bytes`);
      if (size % BLOCK) await fh.write(Buffer.alloc(BLOCK - (size % BLOCK)));
    },
    async close() {
      if (closed) return;
      closed = true;
      await fh.write(Buffer.alloc(BLOCK * 2));
      await fh.sync();
      await fh.close();
    },
  };
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where its bytes start in the file. */
  offset: number;
}

/** Every file entry of the archive, in order; an archive that is not tar is an error. */
export async function* readTar(file: string): AsyncGenerator<TarEntry> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const { size: total } = await fh.stat();
    const buf = Buffer.alloc(BLOCK);
    for (let pos = 0; pos + BLOCK <= total;) {
      await fh.read(buf, 0, BLOCK, pos);
      if (buf.every((b) => b === 0)) return;
      const stored = parseInt(buf.toString('ascii', 148, 156).replace(/\0.*$/, '').trim(), 8);
      if (stored !== checksum(buf)) throw new Error('not a tar archive (a header fails its checksum)');
      const name = buf.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size = readSize(buf);
      const type = String.fromCharCode(buf[156] || 0x30);
      if (pos + BLOCK + size > total) throw new Error(`the archive ends inside ${name}: it is cut short`);
      if (type === '0') yield { name, size, offset: pos + BLOCK };
      pos += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    await fh.close();
  }
}

/** One entry's bytes (media files, the manifest: small enough to hold). */
export async function readEntry(file: string, entry: TarEntry): Promise<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(entry.size);
    if (entry.size) await fh.read(buf, 0, entry.size, entry.offset);
    return buf;
  } finally {
    await fh.close();
  }
}

/** One entry copied to a file of its own (the database dump, for pg_restore). */
export async function extractEntry(file: string, entry: TarEntry, to: string): Promise<void> {
  if (!entry.size) return fs.promises.writeFile(to, '', { flag: 'wx' });
  await pipeline(
    fs.createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 }),
    fs.createWriteStream(to, { flags: 'wx' }),
  );
}
