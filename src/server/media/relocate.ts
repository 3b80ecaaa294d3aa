// Before page images were private they sat in the public media directory. On the first start of
// this version, a local install moves them to $MEDIA_DIR/pages (a copy where a public column uses
// the same bytes), then leaves a marker so later starts skip the scan. S3 never had that layout.
import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/index';
import { LocalStorage } from './local';
import type { MediaStorage } from './storage';
import { referencedNames } from './sweep';

const MARKER = '.moved-from-public';

export async function movePageImagesOutOfPublic(db: Queryable, storage: MediaStorage): Promise<number> {
  if (!(storage instanceof LocalStorage)) return 0;
  const pagesDir = storage.dir('pages');
  const marker = path.join(pagesDir, MARKER);
  if (fs.existsSync(marker)) return 0;
  const [pages, publicNames] = [await referencedNames(db, 'pages'), await referencedNames(db, 'public')];
  fs.mkdirSync(pagesDir, { recursive: true });
  let moved = 0;
  for (const name of pages) {
    const from = path.join(storage.dir('public'), name);
    const to = path.join(pagesDir, name);
    if (!fs.existsSync(from)) continue;
    try {
      if (publicNames.has(name)) fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
      else if (fs.existsSync(to)) fs.rmSync(from, { force: true });
      else fs.renameSync(from, to);
      moved++;
    } catch (err) {
      // Another server process moved it a moment ago.
      if (!['ENOENT', 'EEXIST'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
    }
  }
  fs.writeFileSync(marker, new Date().toISOString());
  return moved;
}
