// What the ingest tests share: the publisher PDFs of tests/fixtures/pdfs, ingest requests for new
// titles, and what was stored for an issue.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Db } from '../../src/server/db/index';
import type { IngestRequest } from '../../src/server/ingest/ingest';
import type { MediaStorage } from '../../src/server/media/storage';
import { migratedDb } from './app';
import { testStorage } from './s3';

/** A migrated database and a media store (a bucket of its own on S3 runs), and how to close both. */
export async function openIngestStore(): Promise<{ db: Db; storage: MediaStorage; close: () => Promise<void> }> {
  const db = await migratedDb();
  const { storage, close } = await testStorage();
  return {
    db,
    storage,
    close: async () => {
      await db.close();
      close();
    },
  };
}

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PDFS = path.join(ROOT, 'tests/fixtures/pdfs');
export const pdf = (name: string) => fs.readFileSync(path.join(PDFS, name));

/** Requests for a new title each (a unique name each time) unless one is given. */
export function ingestRequests() {
  let n = 0;
  return (over: Partial<IngestRequest['title']> = {}, issue: Partial<IngestRequest['issue']> = {}): IngestRequest => ({
    title: { name: `Ingest test ${++n}`, catId: 2, lang: 'en', ...over } as IngestRequest['title'],
    issue: { name: `No. ${n}`, pubDate: '2026-11-01', ...issue },
  });
}

export async function storedPages(db: Db, issueId: number) {
  return (
    await db.query<{
      page_no: number;
      width: number;
      height: number;
      small_width: number;
      text: string;
      image_large: string;
      image_small: string;
    }>('SELECT * FROM pages WHERE issue_id = $1 ORDER BY page_no', [issueId])
  ).rows;
}

/** Share of dark pixels, of coloured pixels, and the mean brightness of a stored page image. */
export async function look(storage: MediaStorage, name: string) {
  const img = await loadImage((await storage.read('pages', name))!);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const { data } = ctx.getImageData(0, 0, img.width, img.height);
  let dark = 0;
  let coloured = 0;
  let sum = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    sum += (r + g + b) / 3;
    if (r + g + b < 300) dark++;
    if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured++;
  }
  const px = data.length / 4;
  return { dark: dark / px, coloured: coloured / px, mean: sum / px, width: img.width, height: img.height };
}
