// Usage events that are not reading (searches that found nothing, logouts), stored with the
// reader's institution: the data behind the librarians' reports.
import type { Queryable } from '../db/index';

export async function recordUsageEvent(db: Queryable, kind: string, userId: number | null, detail: string | null = null): Promise<void> {
  await db.query(
    `INSERT INTO usage_events (kind, user_id, institution_id, detail, source)
     VALUES ($1, $2::int, (SELECT institution_id FROM users WHERE id = $2::int), $3, 'web')`,
    [kind, userId, detail],
  );
}
