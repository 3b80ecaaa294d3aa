// Adds one issue from a publisher PDF. Everything that can be refused is checked before the
// render (date, category, language, type, a file already in). Page images go to a staging place
// (a folder, or a key prefix on S3) as they are rendered; the title, the issue and its pages are
// written in one transaction, and the images move into the media storage as its last step. A
// failure leaves no row and no file. Page images go to the private 'pages' area, covers to 'public'.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index';
import type { MediaStorage } from '../media/storage';
import { slugify } from '../demo/random';
import { isStorageFull } from '../media/full';
import { IngestError, PAGE_WIDTHS, type RenderedPdf, type RenderWarning } from './render-shared';
import { searchText } from '../../shared/search-text';
import { renderPagesInPool, type PagePool } from './page-pool';

export interface IssueInfo {
  mid: number;
  name: string;
  pubDate: string; // YYYY-MM-DD
  isSpecial?: boolean;
  sourceSha256?: string;
  doi?: string | null;
  volume?: number;
  number?: number;
}

/** A title to find by name, or to create with these details when the name is new. */
export interface TitleSpec {
  name: string;
  publisher?: string;
  catId?: number;
  lang?: string;
  frequency?: string;
  type?: string;
  /** normalised (shared/identifiers.ts); an existing title without one gets it */
  printIssn?: string | null;
  onlineIssn?: string | null;
  isbn?: string | null;
}

export interface IngestRequest {
  title: { mid: number } | TitleSpec;
  issue: { name: string; pubDate: string; isSpecial?: boolean; doi?: string | null; volume?: number; number?: number };
}

const ID_COLUMNS = { printIssn: ['print_issn', 'Print ISSN'], onlineIssn: ['online_issn', 'Online ISSN'], isbn: ['isbn', 'ISBN'] } as const;

export interface IngestResult {
  issueId: number;
  mid: number;
  titleName: string;
  issueName: string;
  /** false: this very file was ingested before, and nothing was made */
  created: boolean;
  titleCreated: boolean;
  pages: number;
  warnings: RenderWarning[];
}

const TITLE_TYPES = ['magazine', 'newspaper', 'journal'];

/** A real day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/** The title if it exists, or null for a new one; refuses bad details before anything is rendered,
 * with a message that names the value and what would do. */
export async function checkRequest(db: Queryable, req: IngestRequest): Promise<{ mid: number; name: string } | null> {
  if (!isCalendarDate(req.issue.pubDate)) throw new IngestError(`the date '${req.issue.pubDate}' is not a real day as YYYY-MM-DD`);
  if (!req.issue.name.trim()) throw new IngestError('the issue name is empty');
  if (req.issue.doi) {
    const taken = await db.query<{ issue_id: number; name: string; title: string }>(
      'SELECT i.issue_id, i.name, t.name AS title FROM issues i JOIN titles t ON t.mid = i.mid WHERE i.doi = $1',
      [req.issue.doi],
    );
    const r = taken.rows[0];
    if (r) throw new IngestError(`DOI ${req.issue.doi} is issue ${r.issue_id} '${r.name}' of '${r.title}' already: a DOI names one issue`);
  }
  if ('mid' in req.title) {
    const { rows } = await db.query<{ mid: number; name: string }>('SELECT mid, name FROM titles WHERE mid = $1', [req.title.mid]);
    if (!rows[0]) throw new IngestError(`there is no title with mid ${req.title.mid}`);
    return rows[0];
  }
  // The details are checked even when the title exists (and they are not used): a typo is a typo.
  const t = req.title;
  if (!t.name.trim()) throw new IngestError('the title name is empty');
  if (t.type && !TITLE_TYPES.includes(t.type)) throw new IngestError(`the type must be ${TITLE_TYPES.join(', ')}, not '${t.type}'`);
  if (t.catId !== undefined) {
    const cat =
      Number.isInteger(t.catId) && t.catId > 0 && t.catId < 2 ** 31
        ? await db.query('SELECT 1 FROM categories WHERE cat_id = $1', [t.catId])
        : null;
    if (!cat?.rows.length) throw new IngestError(`there is no category ${t.catId} (see the categories table or /content/getCategories)`);
  }
  const langs = (await db.query<{ lang_code: string }>('SELECT lang_code FROM languages ORDER BY curated_rank, lang_code')).rows;
  const lang = t.lang ?? 'en';
  if (!langs.some((l) => l.lang_code === lang))
    throw new IngestError(`there is no language '${lang}' (known: ${langs.map((l) => l.lang_code).join(', ') || 'none'})`);
  const found = await db.query<{ mid: number; name: string; print_issn: string | null; online_issn: string | null; isbn: string | null }>(
    'SELECT mid, name, print_issn, online_issn, isbn FROM titles WHERE lower(name) = lower($1) ORDER BY mid LIMIT 1',
    [t.name],
  );
  const title = found.rows[0];
  // An identifier given for a title that has another is a mistake in one of them: the console changes it.
  for (const [key, [column, label]] of Object.entries(ID_COLUMNS)) {
    const given = t[key as keyof typeof ID_COLUMNS];
    const stored = title?.[column];
    if (given && stored && given !== stored)
      throw new IngestError(`${label} ${given} differs from the title's ${stored}: change it in the library console's Titles section`);
  }
  return title ? { mid: title.mid, name: title.name } : null;
}

/** Gives an existing title the identifiers it lacks (those it has were checked equal). */
async function fillIdentifiers(tx: Queryable, mid: number, t: TitleSpec): Promise<void> {
  if (!t.printIssn && !t.onlineIssn && !t.isbn) return;
  await tx.query(
    `UPDATE titles SET print_issn = coalesce(print_issn, $2), online_issn = coalesce(online_issn, $3), isbn = coalesce(isbn, $4)
     WHERE mid = $1`,
    [mid, t.printIssn ?? null, t.onlineIssn ?? null, t.isbn ?? null],
  );
}

async function createTitle(tx: Queryable, t: TitleSpec): Promise<number> {
  const cat =
    t.catId ??
    (await tx.query<{ cat_id: number }>('SELECT cat_id FROM categories WHERE NOT hidden ORDER BY curated_rank LIMIT 1')).rows[0]?.cat_id;
  if (cat === undefined) throw new IngestError('no categories exist: pass a category');
  const { rows } = await tx.query<{ mid: number }>(
    `INSERT INTO titles (name, slug, publisher, cat_id, lang_code, frequency, type, print_issn, online_issn, isbn)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING mid`,
    [
      t.name,
      slugify(t.name),
      t.publisher ?? 'Independent',
      cat,
      t.lang ?? 'en',
      t.frequency ?? 'Monthly',
      t.type ?? 'magazine',
      t.printIssn ?? null,
      t.onlineIssn ?? null,
      t.isbn ?? null,
    ],
  );
  return rows[0].mid;
}

type StoredPage = Omit<RenderedPdf['pages'][number], 'large' | 'small' | 'xlarge'> & {
  largeName: string;
  smallName: string;
  xlargeName: string;
};

async function insertIssue(tx: Queryable, info: IssueInfo, covers: (string | null)[], pages: StoredPage[]): Promise<number> {
  const { rows } = await tx.query<{ issue_id: number }>(
    `INSERT INTO issues (mid, name, pub_date, is_special, page_count, cover_1x, cover_2x, cover_3x, source_sha256, doi, volume, number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING issue_id`,
    [
      info.mid,
      info.name,
      info.pubDate,
      info.isSpecial ?? false,
      pages.length,
      covers[0],
      covers[1],
      covers[2],
      info.sourceSha256 ?? null,
      info.doi ?? null,
      info.volume ?? null,
      info.number ?? null,
    ],
  );
  const issueId = rows[0].issue_id;
  for (const p of pages) {
    await tx.query(
      `INSERT INTO pages (issue_id, page_no, width, small_width, xlarge_width, height, image_small, image_large, image_xlarge, text)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [issueId, p.pageNo, p.width, p.smallWidth, p.xlargeWidth, p.height, p.smallName, p.largeName, p.xlargeName, searchText(p.text)],
    );
  }
  return issueId;
}

/** The demo's path: a PDF rendered in memory by a worker thread, stored in the demo's transaction. */
export async function storeRenderedIssue(tx: Queryable, storage: MediaStorage, info: IssueInfo, pdf: RenderedPdf): Promise<number> {
  const covers = await Promise.all(pdf.covers.map((b) => storage.save('public', b, 'webp')));
  const pages: StoredPage[] = [];
  for (const { large, small, xlarge, ...p } of pdf.pages) {
    const largeName = await storage.save('pages', large, 'webp');
    const xlargeName = xlarge === large ? largeName : await storage.save('pages', xlarge, 'webp');
    pages.push({ ...p, largeName, smallName: await storage.save('pages', small, 'webp'), xlargeName });
  }
  return insertIssue(tx, info, covers, pages);
}

async function findBySource(db: Queryable, hash: string) {
  const { rows } = await db.query<{ issue_id: number; mid: number; issue_name: string; title_name: string; page_count: number }>(
    `SELECT i.issue_id, i.mid, i.name AS issue_name, t.name AS title_name, i.page_count
     FROM issues i JOIN titles t ON t.mid = i.mid WHERE i.source_sha256 = $1`,
    [hash],
  );
  const r = rows[0];
  return r
    ? {
        issueId: r.issue_id,
        mid: r.mid,
        titleName: r.title_name,
        issueName: r.issue_name,
        pages: r.page_count,
        created: false,
        titleCreated: false,
      }
    : null;
}

export async function ingestPdf(
  db: Db,
  storage: MediaStorage,
  bytes: Uint8Array,
  req: IngestRequest,
  onPage?: (done: number, total: number) => void,
  /** render in these worker threads (bulk import, the server), not on this thread */
  pool?: PagePool,
): Promise<IngestResult> {
  const existingTitle = await checkRequest(db, req);
  const hash = sha256(bytes);
  const before = await findBySource(db, hash);
  if (before) return { ...before, warnings: [] };

  const staging = await storage.stage();
  // A full volume is said as such (the renderers would report any failure as the PDF's).
  const save: typeof staging.save = (area, b, ext) =>
    staging.save(area, b, ext).catch((err: unknown) => {
      throw isStorageFull(err) ? new IngestError(`the media storage is full (${(err as Error).message}): nothing was stored`) : err;
    });
  try {
    const pages: StoredPage[] = [];
    // pdf.js is loaded here only when this thread renders (INGEST_WORKERS=0): it costs ~320 MB.
    const render = pool ? renderPagesInPool.bind(null, pool) : (await import('./render')).renderPages;
    const { covers, warnings } = await render(bytes, PAGE_WIDTHS, async ({ large, small, xlarge, ...page }, total) => {
      const [largeName, smallName, xlargeName] = await Promise.all([
        save('pages', large, 'webp'),
        save('pages', small, 'webp'),
        xlarge === large ? null : save('pages', xlarge, 'webp'),
      ]);
      pages.push({ ...page, largeName, smallName, xlargeName: xlargeName ?? largeName });
      onPage?.(pages.length, total); // pages done: they may come back out of order from a pool
    });
    const coverNames = await Promise.all(covers.map((b) => save('public', b, 'webp')));
    const stored = await db.transaction(async (tx) => {
      const mid = existingTitle?.mid ?? (await createTitle(tx, req.title as TitleSpec));
      if (existingTitle && !('mid' in req.title)) await fillIdentifiers(tx, mid, req.title);
      const issueId = await insertIssue(tx, { mid, ...req.issue, sourceSha256: hash }, coverNames, pages);
      await staging.commit();
      return { mid, issueId };
    });
    const titleName = existingTitle?.name ?? (req.title as TitleSpec).name;
    return { ...stored, titleName, issueName: req.issue.name, created: true, titleCreated: !existingTitle, pages: pages.length, warnings };
  } catch (err) {
    // Files moved in by a transaction that then failed are referenced by nothing.
    await staging.rollback().catch(() => {}); // the sweep takes what a failing store leaves
    // The same file ingested at the same moment by another run: it is in now.
    const raced = err instanceof IngestError ? null : await findBySource(db, hash).catch(() => null);
    if (raced) return { ...raced, warnings: [] };
    if (err instanceof IngestError) throw err;
    throw new IngestError(`the issue could not be stored: ${(err as Error).message}`);
  } finally {
    await staging.discard().catch(() => {});
  }
}
