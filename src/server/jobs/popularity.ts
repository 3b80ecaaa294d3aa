// Popularity = readers in the last 30 days (distinct readers per title, not raw events: one
// reader sending page views in a loop counts once), summarised into title_popularity (reads and a
// rank per title) so the home and listing queries walk an index and never scan usage_events;
// and the sums per category and per language that order the home's popular rows.
// Events with no reader are the demo's synthetic history (the read-events route needs a signed-in
// reader): each of those counts as one reader.
// Only the titles whose figures changed are written: rewriting every row each time left as many
// dead rows and cleared the visibility map that the listings' index-only scans rely on.
import type { Queryable } from '../db/index';

export const POPULARITY_WINDOW_DAYS = 30;
export const POPULARITY_REFRESH_MS = 10 * 60 * 1000;

export async function refreshPopularity(db: Queryable): Promise<void> {
  await db.exec(`
    UPDATE title_popularity p SET reads = r.reads, rank = r.rank, updated_at = now() FROM (
      SELECT t.mid, coalesce(e.reads, 0) AS reads,
             row_number() OVER (ORDER BY coalesce(e.reads, 0) DESC, t.curated_rank, t.mid) AS rank
      FROM titles t
      LEFT JOIN (
        SELECT mid, (count(DISTINCT user_id) + count(*) FILTER (WHERE user_id IS NULL))::int AS reads FROM usage_events
        WHERE mid IS NOT NULL AND at > now() - interval '${POPULARITY_WINDOW_DAYS} days' GROUP BY mid
      ) e ON e.mid = t.mid
    ) r WHERE r.mid = p.mid AND (p.reads, p.rank) IS DISTINCT FROM (r.reads, r.rank);`);
  // The home's popular categories and languages read these sums (migration 021).
  await db.exec(`
    DELETE FROM category_popularity;
    INSERT INTO category_popularity SELECT t.cat_id, sum(p.reads) FROM titles t JOIN title_popularity p ON p.mid = t.mid GROUP BY t.cat_id;
    DELETE FROM language_popularity;
    INSERT INTO language_popularity SELECT t.lang_code, sum(p.reads) FROM titles t JOIN title_popularity p ON p.mid = t.mid GROUP BY t.lang_code;`);
}
