// Institution ID uploads: what a file is (by its first bytes, not the name or the browser's
// word), and where it is kept: a private folder that no route serves.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const ID_MAX_BYTES = 5 * 1024 * 1024;
const KINDS = [
  { mime: 'image/jpeg', ext: 'jpg', test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/png', ext: 'png', test: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mime: 'image/webp', ext: 'webp', test: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { mime: 'application/pdf', ext: 'pdf', test: (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

export function sniffIdFile(bytes: Buffer): { mime: string; ext: string } | null {
  return KINDS.find((k) => k.test(bytes)) ?? null;
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
