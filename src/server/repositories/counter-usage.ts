// COUNTER Release 5.1 counts (Code of Practice §7), kept up to date as usage events arrive, each
// metric type already filtered for double clicks and made unique per user session, so a report
// reads counts and never scans usage_events: counter_title_months (per institution, year and
// title, the months pivoted) for most reports, counter_usage (per month, title and year of
// publication) for TR_J4, counter_platform_months for the platform's searches.
//
// How Lectern's events map (README, "Usage reports"):
// - an issue is the item, its title the title; opening an issue or reading one of its stories is a
//   request (full content retrieved), those, turning its pages and seeing the title's page (with
//   the issue it shows) are investigations;
// - double clicks (§7.2): the same reader, item and action (the same page, for a page view) again
//   within 30 seconds counts once;
// - a user session (§7.3): the reader and the hour (UTC), the Code's fallback when no session id
//   is kept with the event; a reader's first action on an item (title) in it makes the unique ones;
// - refusals of the reader: no licence (No_License) and a limit reached (Limit_Exceeded);
// - a signed-in reader's new search is a search of the platform (Searches_Platform); the same
//   search again within 30 seconds counts once.
// Events without a reader (the demo's history) are each a session of their own.
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/index';
import { monthsBetween, type CounterMetric, type UsageCount } from '../../shared/counter/reports';

/** The usage_events kinds COUNTER counts. */
export const COUNTED_KINDS = [
  'issue_open',
  'page_view',
  'story_read',
  'title_view',
  'denied_no_license',
  'denied_limit',
  'search',
] as const;
export type CountedKind = (typeof COUNTED_KINDS)[number];
/** Content retrieved (requests): an issue opened, a story of it read. Those, a page turned and the
 * title's page seen (with the issue it shows) are investigations. */
const REQUESTS = `('issue_open', 'story_read')`;
const INVESTIGATIONS = `('issue_open', 'story_read', 'page_view', 'title_view')`;

/** Which metric types an event adds to: [metric, the event's flag that must hold]. */
const METRICS: [CounterMetric, string][] = [
  ['Searches_Platform', `counted AND kind = 'search'`],
  ['Total_Item_Investigations', `counted AND kind IN ${INVESTIGATIONS}`],
  ['Total_Item_Requests', `counted AND kind IN ${REQUESTS}`],
  ['Unique_Item_Investigations', `kind IN ${INVESTIGATIONS} AND NOT seen_item`],
  ['Unique_Item_Requests', `kind IN ${REQUESTS} AND NOT seen_item_req`],
  ['Unique_Title_Investigations', `kind IN ${INVESTIGATIONS} AND NOT seen_title`],
  ['Unique_Title_Requests', `kind IN ${REQUESTS} AND NOT seen_title_req`],
  ['No_License', `counted AND kind = 'denied_no_license'`],
  ['Limit_Exceeded', `counted AND kind = 'denied_limit'`],
];

/** The month columns of counter_title_months and counter_platform_months (migration 018). */
export const MONTH_COLUMNS = Array.from({ length: 12 }, (_, i) => `m${String(i + 1).padStart(2, '0')}`);
const pivot = MONTH_COLUMNS.map((_, i) => `coalesce(sum(n) FILTER (WHERE extract(month FROM month) = ${i + 1}), 0)::int`).join(', ');
const addMonths = MONTH_COLUMNS.map((c) => `${c} = c.${c} + EXCLUDED.${c}`).join(', ');

/** Adds the events that `where` picks (on usage_events e) to the counts, in one statement: per
 * month and year of publication (counter_usage, for TR_J4), per year with the months pivoted
 * (counter_title_months, every other report) and platform-wide (counter_platform_months).
 * An event is compared with the reader's earlier events (lower id) only, so each double click
 * and each session's first action is decided once, whatever order the events arrive in. */
function countSql(where: string): string {
  return `
    WITH e AS (
      SELECT e.id, e.kind, e.user_id, e.institution_id, e.mid, e.issue_id, e.page_no, e.detail, e.at,
             date_trunc('hour', e.at) AS hour, extract(year FROM s.pub_date)::int AS yop
      FROM usage_events e LEFT JOIN issues s ON s.issue_id = e.issue_id
      WHERE ${where} AND e.institution_id IS NOT NULL AND e.kind IN (${COUNTED_KINDS.map((k) => `'${k}'`).join(', ')})
        AND (e.kind = 'search' OR s.issue_id IS NOT NULL)
    ), flagged AS (
      SELECT e.*,
        NOT EXISTS (
          SELECT 1 FROM usage_events p
          WHERE p.user_id = e.user_id AND p.at BETWEEN e.at - interval '30 seconds' AND e.at + interval '30 seconds'
            AND p.id < e.id AND p.issue_id IS NOT DISTINCT FROM e.issue_id AND p.kind = e.kind
            AND p.page_no IS NOT DISTINCT FROM e.page_no AND p.detail IS NOT DISTINCT FROM e.detail
        ) AS counted,
        coalesce(s.item, false) AS seen_item, coalesce(s.item_req, false) AS seen_item_req,
        coalesce(s.title, false) AS seen_title, coalesce(s.title_req, false) AS seen_title_req
      FROM e LEFT JOIN LATERAL (
        SELECT bool_or(p.issue_id = e.issue_id) AS item, bool_or(p.issue_id = e.issue_id AND p.kind IN ${REQUESTS}) AS item_req,
               bool_or(true) AS title, bool_or(p.kind IN ${REQUESTS}) AS title_req
        FROM usage_events p
        WHERE p.user_id = e.user_id AND p.at >= e.hour AND p.at < e.hour + interval '1 hour'
          AND p.id < e.id AND p.mid = e.mid AND p.kind IN ${INVESTIGATIONS}
      ) s ON e.kind IN ${INVESTIGATIONS}
    ), counts AS (
      SELECT f.institution_id, date_trunc('month', f.at AT TIME ZONE 'UTC')::date AS month, f.mid, f.yop, m.metric, count(*)::int AS n
      FROM flagged f CROSS JOIN LATERAL (VALUES ${METRICS.map(([metric, on]) => `('${metric}', ${on})`).join(', ')}) AS m(metric, hit)
      WHERE m.hit
      GROUP BY 1, 2, 3, 4, 5
    ), by_yop AS (
      INSERT INTO counter_usage AS c (institution_id, month, mid, yop, metric, n)
      SELECT institution_id, month, mid, yop, metric, n FROM counts WHERE mid IS NOT NULL
      ON CONFLICT (institution_id, month, mid, yop, metric) DO UPDATE SET n = c.n + EXCLUDED.n
    ), by_title AS (
      INSERT INTO counter_title_months AS c (institution_id, year, mid, metric, ${MONTH_COLUMNS.join(', ')})
      SELECT institution_id, extract(year FROM month)::int, mid, metric, ${pivot}
      FROM counts WHERE mid IS NOT NULL GROUP BY 1, 2, 3, 4
      ON CONFLICT (institution_id, year, mid, metric) DO UPDATE SET ${addMonths}
    )
    INSERT INTO counter_platform_months AS c (institution_id, year, metric, ${MONTH_COLUMNS.join(', ')})
    SELECT institution_id, extract(year FROM month)::int, metric, ${pivot}
    FROM counts WHERE mid IS NULL GROUP BY 1, 2, 3
    ON CONFLICT (institution_id, year, metric) DO UPDATE SET ${addMonths}`;
}

/** Counts these newly stored events; call it in the transaction that stored them, after taking
 * the reader's row lock, so two batches of one reader cannot both find themselves first. */
export async function countUsageEvents(tx: Queryable, eventIds: (number | string)[]): Promise<void> {
  if (eventIds.length) await tx.query(countSql('e.id = ANY($1::bigint[])'), [eventIds]);
}

/** Recounts everything from usage_events (after a bulk load such as the demo's history), in
 * slices of event ids so no statement holds too much. */
export async function rebuildCounterUsage(db: Queryable, slice = 50_000): Promise<void> {
  await db.exec('DELETE FROM counter_usage; DELETE FROM counter_title_months; DELETE FROM counter_platform_months');
  const { rows } = await db.query<{ lo: string | null; hi: string | null }>(
    'SELECT min(id)::text AS lo, max(id)::text AS hi FROM usage_events',
  );
  if (rows[0].lo === null) return;
  for (let lo = BigInt(rows[0].lo); lo <= BigInt(rows[0].hi!); lo += BigInt(slice)) {
    await db.query(countSql('e.id >= $1::bigint AND e.id < $2::bigint'), [lo.toString(), (lo + BigInt(slice)).toString()]);
  }
}

/** Stores one event a reader caused (a refusal) and counts it, in one transaction. */
export async function recordReaderEvent(
  tx: Queryable,
  e: { kind: CountedKind; userId: number; issueId: number; at?: Date },
): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO usage_events (kind, user_id, institution_id, mid, issue_id, at, source)
     SELECT $1, u.id, u.institution_id, s.mid, s.issue_id, $4, 'web' FROM users u, issues s WHERE u.id = $2 AND s.issue_id = $3
     RETURNING id::text`,
    [e.kind, e.userId, e.issueId, e.at ?? new Date()],
  );
  await countUsageEvents(
    tx,
    rows.map((r) => r.id),
  );
}

/** Stores one search a signed-in reader of an institution ran and counts it (Searches_Platform),
 * in one transaction under the reader's row lock, like a batch of read events. The event keeps a
 * hash of what was searched, not the words: enough for the double-click rule (the same search
 * again within 30 seconds counts once). */
export async function recordSearch(db: Db, userId: number, search: string, at = new Date()): Promise<void> {
  const what = createHash('sha256').update(search.trim().toLowerCase()).digest('base64url').slice(0, 16);
  await db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO usage_events (kind, user_id, institution_id, detail, at, source)
       SELECT 'search', id, institution_id, $2, $3, 'web' FROM users WHERE id = $1 AND institution_id IS NOT NULL
       RETURNING id::text`,
      [userId, what, at],
    );
    await countUsageEvents(
      tx,
      rows.map((r) => r.id),
    );
  });
}

/** The months from begin to end (YYYY-MM) summed in the database, as one text value per row
 * ('3,0,5,…', a count per month of the range, its two calendar years' rows added up): the driver
 * then parses one value a row, not one per month, and the rows are half as many. The years and
 * columns come from the validated months (YYYY-MM), never from raw input. */
function rangeSums(begin: string, end: string) {
  const months = monthsBetween(begin, end);
  const sql = `concat_ws(',', ${months
    .map((m) => `coalesce(sum(c.m${m.slice(5, 7)}) FILTER (WHERE c.year = ${Number(m.slice(0, 4))}), 0)`)
    .join(', ')})`;
  /** The months of such a text with counts, or null when none has. */
  const parse = (text: string): Record<string, number> | null => {
    let counts: Record<string, number> | null = null;
    text.split(',').forEach((n, i) => {
      if (n !== '0') (counts ??= {})[months[i]] = Number(n);
    });
    return counts;
  };
  return { sql, parse };
}

/** How a report breaks the counts down: per title, for the platform (by data and access type),
 * or per title and year of publication (TR_J4). */
export type UsageLevel = 'title' | 'platform' | 'yop';

/** The counts of one institution for the months from begin to end (YYYY-MM), the metric types
 * asked for only. Title and platform reports read the pivoted rows (counter_title_months, some
 * 13,000 for 12 months of 1,000 titles), summed to a row per title and metric type (about 7,000)
 * or per data type, access type and metric type; by year of publication (TR_J4) they come from
 * counter_usage. */
/** A title's standard identifiers, which COUNTER's Item_ID carries. */
const IDS = 't.print_issn AS "printIssn", t.online_issn AS "onlineIssn"';

export async function usageRows(
  db: Queryable,
  institutionId: number,
  range: { begin: string; end: string; metrics: readonly CounterMetric[]; level: UsageLevel },
): Promise<UsageCount[]> {
  const { begin, end, metrics, level } = range;
  if (level === 'yop') {
    const { rows } = await db.query<UsageCount>(
      `SELECT c.mid, t.name AS title, t.publisher, t.type, t.is_free AS free, ${IDS}, c.yop, c.metric, jsonb_object_agg(c.month, c.n) AS months
       FROM (SELECT mid, yop, metric, to_char(month, 'YYYY-MM') AS month, n
             FROM counter_usage WHERE institution_id = $1 AND month >= $2::date AND month <= $3::date AND metric = ANY($4::text[])) c
       JOIN titles t ON t.mid = c.mid
       GROUP BY c.mid, t.name, t.publisher, t.type, t.is_free, t.print_issn, t.online_issn, c.yop, c.metric
       ORDER BY t.name, c.mid, c.yop`,
      [institutionId, `${begin}-01`, `${end}-01`, metrics],
    );
    return rows;
  }
  const args = [institutionId, Number(begin.slice(0, 4)), Number(end.slice(0, 4)), metrics];
  const where = 'c.institution_id = $1 AND c.year BETWEEN $2 AND $3 AND c.metric = ANY($4::text[])';
  const sums = rangeSums(begin, end);
  if (level === 'platform') {
    // Only a title's data and access type matter here: summed by those, with the platform's own
    // counts (Searches_Platform, Data_Type Platform).
    const { rows } = await db.query<{ type: UsageCount['type']; free: boolean; metric: CounterMetric; n: string }>(
      `SELECT t.type, t.is_free AS free, c.metric, ${sums.sql} AS n
       FROM counter_title_months c JOIN titles t ON t.mid = c.mid WHERE ${where}
       GROUP BY t.type, t.is_free, c.metric
       UNION ALL
       SELECT 'platform', false, c.metric, ${sums.sql} FROM counter_platform_months c WHERE ${where} GROUP BY c.metric`,
      args,
    );
    return rows.flatMap((r) => {
      const months = sums.parse(r.n);
      return months ? [{ mid: 0, title: '', publisher: '', type: r.type, free: r.free, yop: 0, metric: r.metric, months }] : [];
    });
  }
  // The counts per title and metric type first, then each title once, in the report's order.
  const { rows } = await db.query<{ mid: number; metric: CounterMetric; n: string }>(
    `SELECT c.mid, c.metric, ${sums.sql} AS n FROM counter_title_months c WHERE ${where} GROUP BY c.mid, c.metric`,
    args,
  );
  const titles = await db.query<Pick<UsageCount, 'mid' | 'title' | 'publisher' | 'type' | 'free' | 'printIssn' | 'onlineIssn'>>(
    `SELECT mid, name AS title, publisher, type, is_free AS free, ${IDS} FROM titles t WHERE mid = ANY($1::int[]) ORDER BY name, mid`,
    [[...new Set(rows.map((r) => r.mid))]],
  );
  // Each title's counts gathered in its place: one pass, not a sort.
  const rank = new Map(titles.rows.map((t, i) => [t.mid, i]));
  const byTitle: UsageCount[][] = titles.rows.map(() => []);
  for (const r of rows) {
    const i = rank.get(r.mid);
    const months = i === undefined ? null : sums.parse(r.n);
    if (months) byTitle[i!].push({ ...titles.rows[i!], yop: 0, metric: r.metric, months });
  }
  return byTitle.flat();
}

/** The first month with counts of titles for the institution (YYYY-MM), or null when it has none. */
export async function firstUsageMonth(db: Queryable, institutionId: number): Promise<string | null> {
  const { rows } = await db.query<{ month: string | null }>(
    `SELECT to_char(min(month), 'YYYY-MM') AS month FROM counter_usage WHERE institution_id = $1`,
    [institutionId],
  );
  return rows[0].month;
}
