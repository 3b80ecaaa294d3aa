// Popularity = reads in the last 30 days, summarised into title_popularity so the home and
// listing queries never scan usage_events.
import type { Queryable } from '../db/index';

export const POPULARITY_WINDOW_DAYS = 30;
export const POPULARITY_REFRESH_MS = 10 * 60 * 1000;

export async function refreshPopularity(db: Queryable): Promise<void> {
  await db.exec(`
    DELETE FROM title_popularity;
    INSERT INTO title_popularity (mid, reads, updated_at)
      SELECT mid, count(*), now() FROM usage_events
      WHERE mid IS NOT NULL AND at > now() - interval '${POPULARITY_WINDOW_DAYS} days'
      GROUP BY mid;`);
}
