// COUNTER Release 5.1 counts (Code of Practice §7), kept up to date as usage events arrive:
// counter_usage holds, per institution, month, title and year of publication, each metric type
// already filtered for double clicks and made unique per user session, so a report reads those
// rows and never scans usage_events.
//
// How Lectern's events map (README, "Usage reports"):
// - an issue is the item, its title the title; opening an issue is a request (full content
//   retrieved), opening it and turning its pages are investigations;
// - double clicks (§7.2): the same reader, item and action (the same page, for a page view) again
//   within 30 seconds counts once;
// - a user session (§7.3): the reader and the hour (UTC), the Code's fallback when no session id
//   is kept with the event; a reader's first action on an item (title) in it makes the unique ones;
// - refusals of the reader: no licence (No_License) and a limit reached (Limit_Exceeded).
// Events without a reader (the demo's history) are each a session of their own.
import type { Queryable } from '../db/index';
import type { CounterMetric, UsageCount } from '../../shared/counter/reports';

/** The usage_events kinds COUNTER counts. */
export const COUNTED_KINDS = ['issue_open', 'page_view', 'denied_no_license', 'denied_limit'] as const;
export type CountedKind = (typeof COUNTED_KINDS)[number];

/** Which metric types an event adds to: [metric, the event's flag that must hold]. */
const METRICS: [CounterMetric, string][] = [
  ['Total_Item_Investigations', `counted AND kind IN ('issue_open', 'page_view')`],
  ['Total_Item_Requests', `counted AND kind = 'issue_open'`],
  ['Unique_Item_Investigations', `kind IN ('issue_open', 'page_view') AND NOT seen_item`],
  ['Unique_Item_Requests', `kind = 'issue_open' AND NOT seen_item_req`],
  ['Unique_Title_Investigations', `kind IN ('issue_open', 'page_view') AND NOT seen_title`],
  ['Unique_Title_Requests', `kind = 'issue_open' AND NOT seen_title_req`],
  ['No_License', `counted AND kind = 'denied_no_license'`],
  ['Limit_Exceeded', `counted AND kind = 'denied_limit'`],
];

/** Adds the events that `where` picks (on usage_events e) to counter_usage, in one statement.
 * An event is compared with the reader's earlier events (lower id) only, so each double click
 * and each session's first action is decided once, whatever order the events arrive in. */
function countSql(where: string): string {
  return `
    WITH e AS (
      SELECT e.id, e.kind, e.user_id, e.institution_id, e.mid, e.issue_id, e.page_no, e.at,
             date_trunc('hour', e.at) AS hour, extract(year FROM s.pub_date)::int AS yop
      FROM usage_events e JOIN issues s ON s.issue_id = e.issue_id
      WHERE ${where} AND e.institution_id IS NOT NULL AND e.kind IN (${COUNTED_KINDS.map((k) => `'${k}'`).join(', ')})
    ), flagged AS (
      SELECT e.*,
        NOT EXISTS (
          SELECT 1 FROM usage_events p
          WHERE p.user_id = e.user_id AND p.at BETWEEN e.at - interval '30 seconds' AND e.at + interval '30 seconds'
            AND p.id < e.id AND p.issue_id = e.issue_id AND p.kind = e.kind AND p.page_no IS NOT DISTINCT FROM e.page_no
        ) AS counted,
        coalesce(s.item, false) AS seen_item, coalesce(s.item_req, false) AS seen_item_req,
        coalesce(s.title, false) AS seen_title, coalesce(s.title_req, false) AS seen_title_req
      FROM e LEFT JOIN LATERAL (
        SELECT bool_or(p.issue_id = e.issue_id) AS item, bool_or(p.issue_id = e.issue_id AND p.kind = 'issue_open') AS item_req,
               bool_or(true) AS title, bool_or(p.kind = 'issue_open') AS title_req
        FROM usage_events p
        WHERE p.user_id = e.user_id AND p.at >= e.hour AND p.at < e.hour + interval '1 hour'
          AND p.id < e.id AND p.mid = e.mid AND p.kind IN ('issue_open', 'page_view')
      ) s ON e.kind IN ('issue_open', 'page_view')
    )
    INSERT INTO counter_usage (institution_id, month, mid, yop, metric, n)
    SELECT f.institution_id, date_trunc('month', f.at AT TIME ZONE 'UTC')::date, f.mid, f.yop, m.metric, count(*)::int
    FROM flagged f CROSS JOIN LATERAL (VALUES ${METRICS.map(([metric, on]) => `('${metric}', ${on})`).join(', ')}) AS m(metric, hit)
    WHERE m.hit
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (institution_id, month, mid, yop, metric) DO UPDATE SET n = counter_usage.n + EXCLUDED.n`;
}

/** Counts these newly stored events; call it in the transaction that stored them, after taking
 * the reader's row lock, so two batches of one reader cannot both find themselves first. */
export async function countUsageEvents(tx: Queryable, eventIds: (number | string)[]): Promise<void> {
  if (eventIds.length) await tx.query(countSql('e.id = ANY($1::bigint[])'), [eventIds]);
}

/** Recounts everything from usage_events (after a bulk load such as the demo's history), in
 * slices of event ids so no statement holds too much. */
export async function rebuildCounterUsage(db: Queryable, slice = 50_000): Promise<void> {
  await db.query('DELETE FROM counter_usage');
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

/** The counts of one institution for the months from begin to end (first days, UTC): a row per
 * title and metric type (and year of publication when `byYop`), the months as one object, so a
 * 12-month report of 1,000 titles is some 8,000 rows, not 100,000. */
export async function usageRows(db: Queryable, institutionId: number, begin: string, end: string, byYop: boolean): Promise<UsageCount[]> {
  const yop = byYop ? 'yop' : '0';
  const { rows } = await db.query<UsageCount>(
    `SELECT c.mid, t.name AS title, t.publisher, t.type, t.is_free AS free, c.yop, c.metric, jsonb_object_agg(c.month, c.n) AS months
     FROM (SELECT mid, ${yop} AS yop, metric, to_char(month, 'YYYY-MM') AS month, sum(n)::int AS n
           FROM counter_usage WHERE institution_id = $1 AND month >= $2::date AND month <= $3::date
           GROUP BY mid, 2, metric, month) c
     JOIN titles t ON t.mid = c.mid
     GROUP BY c.mid, t.name, t.publisher, t.type, t.is_free, c.yop, c.metric
     ORDER BY t.name, c.mid, c.yop`,
    [institutionId, begin, end],
  );
  return rows;
}

/** The first month with counts for the institution (YYYY-MM), or null when it has none. */
export async function firstUsageMonth(db: Queryable, institutionId: number): Promise<string | null> {
  const { rows } = await db.query<{ month: string | null }>(
    `SELECT to_char(min(month), 'YYYY-MM') AS month FROM counter_usage WHERE institution_id = $1`,
    [institutionId],
  );
  return rows[0].month;
}
