// Stores a rendered PDF as one issue: media files first (content-addressed, harmless if left
// unused), then the issue and its pages in one transaction, so a failure leaves no half issue.
import type { Db, Queryable } from '../db/index';
import { saveMedia } from '../media/store';
import { renderPdf, type RenderedPdf } from './render';
import { searchText } from '../../shared/search-text';

export interface IssueInfo {
  mid: number;
  name: string;
  pubDate: string; // YYYY-MM-DD
  isSpecial?: boolean;
}

export async function storeRenderedIssue(tx: Queryable, mediaDir: string, info: IssueInfo, pdf: RenderedPdf): Promise<number> {
  const [c1, c2, c3] = pdf.covers.map((b) => saveMedia(mediaDir, b, 'webp'));
  const pages = pdf.pages.map((p) => ({
    ...p,
    largeName: saveMedia(mediaDir, p.large, 'webp'),
    smallName: saveMedia(mediaDir, p.small, 'webp'),
  }));
  const { rows } = await tx.query<{ issue_id: number }>(
    `INSERT INTO issues (mid, name, pub_date, is_special, page_count, cover_1x, cover_2x, cover_3x)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING issue_id`,
    [info.mid, info.name, info.pubDate, info.isSpecial ?? false, pages.length, c1, c2, c3],
  );
  const issueId = rows[0].issue_id;
  for (const p of pages) {
    await tx.query(
      `INSERT INTO pages (issue_id, page_no, width, small_width, height, image_small, image_large, text) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [issueId, p.pageNo, p.width, p.smallWidth, p.height, p.smallName, p.largeName, searchText(p.text)],
    );
  }
  return issueId;
}

export async function ingestPdf(
  db: Db,
  mediaDir: string,
  bytes: Uint8Array,
  info: IssueInfo,
  onPage?: (done: number, total: number) => void,
): Promise<number> {
  const title = await db.query('SELECT 1 FROM titles WHERE mid = $1', [info.mid]);
  if (!title.rows.length) throw new Error(`No title with mid ${info.mid}`);
  const rendered = await renderPdf(bytes, onPage);
  return db.transaction((tx) => storeRenderedIssue(tx, mediaDir, info, rendered));
}
