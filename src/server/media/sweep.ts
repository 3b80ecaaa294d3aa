// Removes media files nothing refers to: images left by a run that died between writing and
// committing (the demo's first start, a killed ingest), and staging runs of ingests that never
// finished. Only files older than a grace period go, so a file written a moment ago for a
// transaction that has not committed yet is never taken. The same on the local directory and S3.
import path from 'node:path';
import type { Queryable } from '../db/index';
import { type Area, type MediaStorage, inSlices } from './storage';

export const MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;
/** Only names saveMedia makes (and its half-written temporary files) are ever removed. */
const MEDIA_NAME = /^[0-9a-f]{32}\.[a-z0-9]+(\.\d+\.tmp)?$/;

/** Every column that holds a media file name, by area (a new one must be added here, or its files are swept). */
const MEDIA_COLUMNS: Record<Area, string> = {
  public: `
    SELECT image FROM categories
    UNION ALL SELECT unnest(ARRAY[logo1, logo2, logo3]) FROM institutions
    UNION ALL SELECT unnest(ARRAY[cover_1x, cover_2x, cover_3x]) FROM issues
    UNION ALL SELECT cover FROM stories`,
  pages: `SELECT unnest(ARRAY[image_small, image_large, image_xlarge]) FROM pages`,
};

/** The names an area's rows refer to (a column may hold a URL, /media/x.webp, or a bare name). */
export async function referencedNames(db: Queryable, area: Area): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string }>(`SELECT DISTINCT name FROM (${MEDIA_COLUMNS[area]}) AS m(name) WHERE name IS NOT NULL`);
  const names = new Set<string>();
  await inSlices(rows, (r) => names.add(path.basename(r.name)));
  return names;
}

export async function sweepMedia(db: Queryable, storage: MediaStorage, graceMs = MEDIA_GRACE_MS): Promise<{ removed: number }> {
  const cutoff = Date.now() - graceMs;
  let removed = 0;
  for (const area of ['public', 'pages'] as const) {
    const used = await referencedNames(db, area);
    const unused: string[] = [];
    await inSlices(await storage.list(area), (e) => {
      if (MEDIA_NAME.test(e.name) && !used.has(e.name) && e.modified < cutoff) unused.push(e.name);
    });
    await storage.remove(area, unused);
    removed += unused.length;
  }
  for (const run of await storage.listStaged()) if (run.modified < cutoff) await storage.removeStaged(run.name);
  return { removed };
}
