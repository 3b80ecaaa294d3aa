// Media files (page images, covers, logos) are stored under content-addressed names, so a
// name never changes meaning and can be cached for a year. Writing the same bytes twice is a no-op.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where ingest stages an issue's files until its transaction commits (media/sweep.ts clears leftovers). */
export const STAGING_DIR = '.incoming';

export function mediaName(bytes: Uint8Array, ext: string): string {
  return `${crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${ext}`;
}

export function saveMedia(mediaDir: string, bytes: Uint8Array, ext: string): string {
  const name = mediaName(bytes, ext);
  const file = path.join(mediaDir, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(mediaDir, { recursive: true });
    // Write then rename so a crash never leaves a half-written file under a valid name.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, bytes);
    fs.renameSync(tmp, file);
  }
  return name;
}

/** The public URL of a stored media name. */
export const mediaUrl = (name: string | null | undefined) => (name ? `/media/${name}` : null);
