// Reading under Smart Reading Zone passes, per zone and month, from the stored events (source
// 'zone' and the zone; the event's institution is the zone's owner when it was read, none for a
// public zone): an institution's own zones for its console, every zone for an admin.
import type { Queryable } from '../db/index';
import type { ZoneUsageRow } from '../../shared/schemas/console-reports';

/** `institutionId`: that owner's zones; null: every zone (the admin's view). Months YYYY-MM. */
export async function zoneUsage(db: Queryable, institutionId: number | null, begin: string, end: string): Promise<ZoneUsageRow[]> {
  const { rows } = await db.query<ZoneUsageRow>(
    `SELECT e.zone_id AS "zoneId", z.name AS zone, i.name AS institution, to_char(date_trunc('month', e.at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
            count(*) FILTER (WHERE e.kind IN ('issue_open', 'story_read'))::int AS requests,
            count(*) FILTER (WHERE e.kind IN ('issue_open', 'story_read', 'page_view'))::int AS investigations,
            count(DISTINCT e.user_id)::int AS readers
     FROM usage_events e JOIN zones z ON z.id = e.zone_id LEFT JOIN institutions i ON i.id = e.institution_id
     WHERE e.zone_id IS NOT NULL AND e.source = 'zone'
       AND e.at >= ($2 || '-01')::timestamp AT TIME ZONE 'UTC' AND e.at < (($3 || '-01')::date + interval '1 month')::timestamp AT TIME ZONE 'UTC'
       AND ($1::int IS NULL OR e.institution_id = $1::int)
     GROUP BY 1, 2, 3, 4 ORDER BY 4, 2, 1, 3`,
    [institutionId, begin, end],
  );
  return rows;
}
