// Removes media files nothing refers to: images left by a run that died between writing and
// committing (the demo's first start, a killed ingest), and staging folders of ingests that never
// finished. Only files older than a grace period go, so a file written a moment ago for a
// transaction that has not committed yet is never taken.
import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/index';
import { STAGING_DIR } from './store';

export const MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;
/** Only names saveMedia makes (and its half-written temporary files) are ever removed. */
const MEDIA_NAME = /^[0-9a-f]{32}\.[a-z0-9]+(\.\d+\.tmp)?$/;

/** Every column that holds a media file name (a new one must be added here, or its files are swept). */
const MEDIA_COLUMNS = `
  SELECT image FROM categories
  UNION ALL SELECT unnest(ARRAY[logo1, logo2, logo3]) FROM institutions
  UNION ALL SELECT unnest(ARRAY[cover_1x, cover_2x, cover_3x]) FROM issues
  UNION ALL SELECT unnest(ARRAY[image_small, image_large]) FROM pages
  UNION ALL SELECT cover FROM stories`;

export async function sweepMedia(db: Queryable, mediaDir: string, graceMs = MEDIA_GRACE_MS): Promise<{ removed: number }> {
  if (!fs.existsSync(mediaDir)) return { removed: 0 };
  const { rows } = await db.query<{ name: string }>(`SELECT DISTINCT name FROM (${MEDIA_COLUMNS}) AS m(name) WHERE name IS NOT NULL`);
  // A column may hold a URL (/media/x.webp) or a bare name.
  const used = new Set(rows.map((r) => path.basename(r.name)));
  const cutoff = Date.now() - graceMs;
  let removed = 0;
  for (const entry of fs.readdirSync(mediaDir, { withFileTypes: true })) {
    const file = path.join(mediaDir, entry.name);
    if (entry.isFile() && MEDIA_NAME.test(entry.name) && !used.has(entry.name) && fs.statSync(file).mtimeMs < cutoff) {
      fs.rmSync(file, { force: true });
      removed++;
    }
  }
  const staging = path.join(mediaDir, STAGING_DIR);
  for (const dir of fs.existsSync(staging) ? fs.readdirSync(staging) : []) {
    const full = path.join(staging, dir);
    if (fs.statSync(full).mtimeMs < cutoff) fs.rmSync(full, { recursive: true, force: true });
  }
  return { removed };
}
