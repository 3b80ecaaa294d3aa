// The reader's data: an issue's pages, reading progress, read events, and downloads counted per
// reader and device (the usage counts the download and device limits are enforced from).
import type { Db, Queryable } from '../db/index';
import { notFound } from '../http-error';
import { prepared } from '../db/prepared';
import type { IssueManifest, Progress } from '../../shared/schemas/reader';
import { countUsageEvents } from './counter-usage';
import { srcSet } from './cards';

export async function issueManifest(db: Queryable, issueId: number): Promise<Omit<IssueManifest, 'progress'>> {
  const { rows } = await db.query<{
    mid: number;
    title: string;
    name: string;
    pub_date: string;
    type: IssueManifest['type'];
    cover: string | null;
    cover_1x: string | null;
    cover_3x: string | null;
  }>(
    prepared(`SELECT s.mid, t.name AS title, s.name, to_char(s.pub_date, 'YYYY-MM-DD') AS pub_date, t.type, s.cover_2x AS cover, s.cover_1x, s.cover_3x
     FROM issues s JOIN titles t ON t.mid = s.mid WHERE s.issue_id = $1`),
    [issueId],
  );
  if (!rows[0]) throw notFound(`Issue ${issueId}`);
  const pages = await db.query<{ page_no: number; width: number; small_width: number | null; xlarge_width: number | null; height: number }>(
    prepared('SELECT page_no, width, small_width, xlarge_width, height FROM pages WHERE issue_id = $1 ORDER BY page_no'),
    [issueId],
  );
  const i = rows[0];
  return {
    issueId,
    mid: i.mid,
    titleName: i.title,
    issueName: i.name,
    pubDate: i.pub_date,
    type: i.type,
    cover: i.cover ? `/media/${i.cover}` : null,
    coverSrcSet: srcSet(i.cover_1x, i.cover, i.cover_3x),
    pages: pages.rows.map((p) => ({
      n: p.page_no,
      small: p.small_width ?? Math.round(p.width * 0.4),
      large: p.width,
      xlarge: p.xlarge_width ?? p.width,
      height: p.height,
    })),
  };
}

export type PageSize = 'small' | 'large' | 'xlarge';
const IMAGE_COLUMN: Record<PageSize, string> = {
  small: 'image_small',
  large: 'image_large',
  // Issues ingested before the xlarge rendition existed serve their large image.
  xlarge: 'COALESCE(image_xlarge, image_large)',
};

/** The media file of a page image, or null when the page (or that image) does not exist. */
export async function pageImageFile(db: Queryable, issueId: number, pageNo: number, size: PageSize): Promise<string | null> {
  const { rows } = await db.query<{ file: string | null }>(
    prepared(`SELECT ${IMAGE_COLUMN[size]} AS file FROM pages WHERE issue_id = $1 AND page_no = $2`),
    [issueId, pageNo],
  );
  return rows[0]?.file ?? null;
}

export async function pageText(db: Queryable, issueId: number, pageNo: number): Promise<string | null> {
  const { rows } = await db.query<{ text: string }>('SELECT text FROM pages WHERE issue_id = $1 AND page_no = $2', [issueId, pageNo]);
  return rows[0]?.text ?? null;
}

export async function readProgress(db: Queryable, userId: number, issueId: number): Promise<Progress> {
  const { rows } = await db.query<{ page_no: number; updated_at: Date }>(
    prepared('SELECT page_no, updated_at FROM reading_progress WHERE user_id = $1 AND issue_id = $2'),
    [userId, issueId],
  );
  return { issueId, page: rows[0]?.page_no ?? null, updatedAt: rows[0] ? Math.floor(rows[0].updated_at.getTime() / 1000) : null };
}

/** Saves the page unless a newer save (from another device) is already there. False when the
 * issue does not exist. */
export async function saveProgress(db: Queryable, userId: number, issueId: number, page: number, at = new Date()): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `WITH saved AS (
       INSERT INTO reading_progress (user_id, issue_id, page_no, updated_at)
       SELECT $1, issue_id, $3, $4 FROM issues WHERE issue_id = $2
       ON CONFLICT (user_id, issue_id) DO UPDATE SET page_no = EXCLUDED.page_no, updated_at = EXCLUDED.updated_at
       WHERE reading_progress.updated_at <= EXCLUDED.updated_at
     ) SELECT EXISTS (SELECT 1 FROM issues WHERE issue_id = $2) AS found`,
    [userId, issueId, page, at],
  );
  return rows[0].found;
}

export interface ReaderEventRow {
  kind: string;
  issueId: number;
  page?: number;
  at: number;
  /** The zone whose pass it was read under (the server's finding), if any. */
  zoneId?: number | null;
  /** The institution whose campus range opened it (IP authentication), if any. */
  ipInstitutionId?: number | null;
}

/** Stores read events for one reader; events of unknown issues are dropped. Returns how many were
 * stored. The source is the server's word ('web', or 'zone' with the zone when the entitlement
 * check found the issue open under a zone pass), never the app's: a forged 'zone' would skew reports.
 * An event under a pass counts for the zone's owner (COUNTER and its zone breakdown), and for no
 * institution in a public zone: the pass opened what the reader's own licence did not.
 * The COUNTER counts are brought up to date in the same transaction, under the reader's row lock
 * (two batches of one reader are counted one after the other). */
export async function storeReadEvents(
  db: Db,
  userId: number,
  list: ReaderEventRow[],
  /** more work in the same transaction, given how many were stored (the outbox's kept answer) */
  alsoInTx?: (tx: Queryable, stored: number) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const { rows } = await tx.query<{ id: string }>(
      `WITH e AS (
         SELECT * FROM unnest($2::text[], $3::int[], $4::int[], $5::timestamptz[], $6::int[], $7::int[])
           WITH ORDINALITY AS e(kind, issue_id, page_no, at, zone_id, ip_inst, n)
       )
       INSERT INTO usage_events (kind, user_id, institution_id, mid, issue_id, page_no, at, source, zone_id)
       SELECT e.kind, $1,
              -- Read under a pass, it is the zone owner's usage (none for a public zone), never the
              -- reader's institution's; from a campus range, the campus institution's.
              CASE WHEN e.zone_id IS NOT NULL THEN (SELECT institution_id FROM zones WHERE id = e.zone_id)
                   WHEN e.ip_inst IS NOT NULL THEN e.ip_inst
                   ELSE (SELECT institution_id FROM users WHERE id = $1) END,
              s.mid, e.issue_id, e.page_no, e.at,
              CASE WHEN e.zone_id IS NOT NULL THEN 'zone' WHEN e.ip_inst IS NOT NULL THEN 'ip' ELSE 'web' END, e.zone_id
       FROM e JOIN issues s ON s.issue_id = e.issue_id ORDER BY e.n RETURNING id::text`,
      [
        userId,
        list.map((e) => e.kind),
        list.map((e) => e.issueId),
        list.map((e) => e.page ?? null),
        list.map((e) => new Date(e.at)),
        list.map((e) => e.zoneId ?? null),
        list.map((e) => e.ipInstitutionId ?? null),
      ],
    );
    await countUsageEvents(
      tx,
      rows.map((r) => r.id),
    );
    await alsoInTx?.(tx, rows.length);
    return rows.length;
  });
}
export interface DownloadLimits {
  issues: number;
  devices: number;
}

/** The institution's limits, or the server defaults where it set none. */
export async function downloadLimits(db: Queryable, userId: number, defaults: DownloadLimits): Promise<DownloadLimits> {
  const { rows } = await db.query<{ download_limit: number | null; device_limit: number | null }>(
    'SELECT i.download_limit, i.device_limit FROM users u LEFT JOIN institutions i ON i.id = u.institution_id WHERE u.id = $1',
    [userId],
  );
  return { issues: rows[0]?.download_limit ?? defaults.issues, devices: rows[0]?.device_limit ?? defaults.devices };
}

export async function downloadUsage(db: Queryable, userId: number, deviceId: string): Promise<DownloadLimits & { issueIds: number[] }> {
  const { rows } = await db.query<{ issues: number; devices: number; here: number[] | null }>(
    `SELECT count(*)::int AS issues, count(DISTINCT device_id)::int AS devices,
            array_agg(issue_id ORDER BY issue_id) FILTER (WHERE device_id = $2) AS here
     FROM downloads WHERE user_id = $1`,
    [userId, deviceId],
  );
  return { issues: rows[0].issues, devices: rows[0].devices, issueIds: rows[0].here ?? [] };
}

export type DownloadOutcome = 'kept' | 'device_limit' | 'download_limit';

/** Records a download unless it would pass the limits: the count and the insert run under a lock
 * on the reader's row, so concurrent downloads (several devices, a burst) are counted one by one. */
export async function addDownloadWithinLimits(
  db: Db,
  userId: number,
  deviceId: string,
  issueId: number,
  limits: DownloadLimits,
): Promise<DownloadOutcome> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const used = await downloadUsage(tx, userId, deviceId);
    if (used.issueIds.includes(issueId)) return 'kept';
    if (used.issueIds.length === 0 && used.devices >= limits.devices) return 'device_limit';
    if (used.issues >= limits.issues) return 'download_limit';
    await tx.query('INSERT INTO downloads (user_id, device_id, issue_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      userId,
      deviceId,
      issueId,
    ]);
    return 'kept';
  });
}

export async function removeDownloads(db: Queryable, userId: number, deviceId: string, issueIds?: number[]): Promise<void> {
  if (issueIds)
    await db.query('DELETE FROM downloads WHERE user_id = $1 AND device_id = $2 AND issue_id = ANY($3::int[])', [
      userId,
      deviceId,
      issueIds,
    ]);
  else await db.query('DELETE FROM downloads WHERE user_id = $1 AND device_id = $2', [userId, deviceId]);
}
