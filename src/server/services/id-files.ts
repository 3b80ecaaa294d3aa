// Institution ID uploads: what a file is (by its bytes, not the name or the browser's word),
// what is kept (an image the server drew itself: a photo decoded and re-encoded, a PDF's first
// page rendered; never the uploaded bytes, so no polyglot, script or PDF reaches the librarian),
// and where: a private folder that no route serves.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fork } from 'node:child_process';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { gate } from './gate';

export const ID_MAX_BYTES = 5 * 1024 * 1024;
const KINDS = [
  { mime: 'image/jpeg', ext: 'jpg', test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mime: 'image/png',
    ext: 'png',
    test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    mime: 'image/webp',
    ext: 'webp',
    test: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { mime: 'application/pdf', ext: 'pdf', test: (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

export function sniffIdFile(bytes: Buffer): { mime: string; ext: string } | null {
  return KINDS.find((k) => k.test(bytes)) ?? null;
}

/** What is kept: WebP, fitted into this box (enough to read an ID card). */
export const ID_IMAGE = { mime: 'image/webp', ext: 'webp', width: 1600, height: 1600 } as const;
/** Photos larger than this are refused before decoding (a small file can declare a huge image). */
export const MAX_PIXELS = 40_000_000;

/** Width and height from an image's header, or null when the header is not well formed. */
export function imageSize(b: Buffer, mime: string): { width: number; height: number } | null {
  try {
    if (mime === 'image/png') {
      if (b.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
      return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
    }
    if (mime === 'image/webp') {
      const chunk = b.subarray(12, 16).toString('latin1');
      if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
      if (chunk === 'VP8L') {
        const bits = b.readUInt32LE(21);
        return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
      }
      if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
      return null;
    }
    if (mime === 'image/jpeg') {
      // Walk the segments to the frame header (SOFn), which holds the size.
      let i = 2;
      while (i + 9 < b.length) {
        if (b[i] !== 0xff) return null;
        const marker = b[i + 1];
        if (marker === 0xff) {
          i++;
          continue;
        }
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
        }
        i += 2 + b.readUInt16BE(i + 2);
      }
    }
  } catch {
    // a header cut short
  }
  return null;
}

export class UnreadableIdFile extends Error {}

/** The image kept for the librarian, drawn by the server from the upload: WebP bytes. */
export async function renderIdImage(bytes: Buffer, mime: string): Promise<Buffer> {
  if (mime === 'application/pdf') {
    // Loaded here, in the drawing child (renderIsolated), never in the server: pdf.js under tsx
    // is about 300 MB, and its legacy build replaces JSON.stringify, JSON.parse and
    // Array.prototype.push with slow polyfills on Node 20.
    const { renderFirstPage } = await import('../ingest/render');
    try {
      return Buffer.from(await renderFirstPage(bytes, ID_IMAGE));
    } catch (err) {
      throw new UnreadableIdFile((err as Error).message);
    }
  }
  const size = imageSize(bytes, mime);
  if (!size || !size.width || !size.height || size.width * size.height > MAX_PIXELS)
    throw new UnreadableIdFile('not a well-formed image of a sensible size');
  let img;
  try {
    img = await loadImage(bytes);
  } catch (err) {
    throw new UnreadableIdFile((err as Error).message);
  }
  if (!img.width || !img.height) throw new UnreadableIdFile('the image has no pixels');
  const scale = Math.min(1, ID_IMAGE.width / img.width, ID_IMAGE.height / img.height);
  const canvas = createCanvas(Math.max(1, Math.round(img.width * scale)), Math.max(1, Math.round(img.height * scale)));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff'; // transparency would come out black in some viewers
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return canvas.encode('webp', 82);
}

export const idDir = (privateDir: string) => path.join(privateDir, 'ids');

export function saveIdFile(privateDir: string, bytes: Buffer, ext: string): string {
  const dir = idDir(privateDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = `${crypto.randomUUID()}.${ext}`;
  fs.writeFileSync(path.join(dir, name), bytes, { mode: 0o600 });
  return name;
}

export function removeIdFile(privateDir: string, name: string): void {
  fs.rmSync(path.join(idDir(privateDir), path.basename(name)), { force: true });
}

const RENDER_TIMEOUT_MS = 30_000;

/** renderIdImage in a short-lived child process: a decoder crash, a hang or a runaway allocation
 * ends that child (the file counts as unreadable), and the server carries on. */
export const renderIdImageIsolated = (bytes: Buffer, mime: string): Promise<Buffer> =>
  renderIsolated<Uint8Array>({ job: 'id', bytes, mime }).then((image) => Buffer.from(image));

/** A drawing job for the child process (id-render-child.ts): an ID image, or a logo's sizes. */
export interface RenderJob {
  job: 'id' | 'logo';
  bytes: Buffer;
  mime: string;
}

/** Drawing an upload (an ID or a logo) takes a child process and, decoded, up to a few hundred MB:
 * one at a time in each server process, a few waiting, then BUSY (the caller answers 503). */
export const drawing = gate(1, 4);

/** A drawing child that stopped without answering: the file crashed the decoder, or the machine
 * failed the child (its memory, its start under load). */
class ChildStopped extends UnreadableIdFile {}
/** The end of a child's stderr kept for the error (why it stopped). */
const STDERR_KEPT = 2000;

/** Runs one drawing job in a child process of its own (uploaded images are decoded by native code).
 * A child that stops without answering is tried once more in a new one: a file that crashes the
 * decoder does so again, while a good upload is not refused for a child the machine failed. */
export async function renderIsolated<T>(job: RenderJob): Promise<T> {
  try {
    return await renderInChild<T>(job);
  } catch (err) {
    if (err instanceof ChildStopped) return renderInChild<T>(job);
    throw err;
  }
}

function renderInChild<T>(job: RenderJob): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./id-render-boot.mjs', import.meta.url), [], {
      execArgv: ['--max-old-space-size=256'],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT)));
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle(() => reject(new UnreadableIdFile('drawing the file took too long')));
    }, RENDER_TIMEOUT_MS);
    child.once('message', (msg: { image?: T; error?: string; unreadable?: boolean }) =>
      settle(() => {
        if (msg.image) resolve(msg.image);
        else reject(msg.unreadable ? new UnreadableIdFile(msg.error ?? '') : new Error(`${job.job} render failed: ${msg.error}`));
      }),
    );
    // 'exit' can come before the child's last message is read (a busy server sees both at once):
    // judge the child only once its channel is drained and closed.
    child.once('exit', (code, signal) => {
      const stopped = () =>
        settle(() => reject(new ChildStopped(`the decoder stopped (${signal ?? code})${stderr ? `: ${stderr.trim()}` : ''}`)));
      if (child.connected) child.once('disconnect', stopped);
      else stopped();
    });
    child.once('error', (err) => settle(() => reject(err)));
    child.send(job);
  });
}
