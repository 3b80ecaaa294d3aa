// Usage events that are not reading (searches that found nothing, logouts), stored with the
// reader's institution: the data behind the librarians' reports.
import type { Db, Queryable } from '../db/index';
import type { ViewEventBody } from '../../shared/schemas/events';
import { countUsageEvents } from './counter-usage';

export async function recordUsageEvent(db: Queryable, kind: string, userId: number | null, detail: string | null = null): Promise<void> {
  await db.query(
    `INSERT INTO usage_events (kind, user_id, institution_id, detail, source)
     VALUES ($1, $2::int, (SELECT institution_id FROM users WHERE id = $2::int), $3, 'web')`,
    [kind, userId, detail],
  );
}

/** A signed-in reader's story read (its title and issue) or title page seen (the issue it shows:
 * the one asked for, else the latest), stored and counted for COUNTER in one transaction under
 * the reader's row lock, like the reader's events. False when the story or title is unknown. */
export async function recordView(
  db: Db,
  userId: number,
  v: ViewEventBody,
  /** more work in the same transaction when the view was stored (the outbox's kept answer) */
  alsoInTx?: (tx: Queryable) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const { rows } =
      v.kind === 'story_read'
        ? await tx.query<{ id: string }>(
            `INSERT INTO usage_events (kind, user_id, institution_id, mid, issue_id, detail, source)
             SELECT 'story_read', u.id, u.institution_id, s.mid, s.issue_id, s.canonical_url, 'web'
             FROM stories s JOIN users u ON u.id = $1::int WHERE s.canonical_url = $2
             RETURNING id::text`,
            [userId, v.url],
          )
        : await tx.query<{ id: string }>(
            `INSERT INTO usage_events (kind, user_id, institution_id, mid, issue_id, source)
             SELECT 'title_view', u.id, u.institution_id, t.mid, coalesce(chosen.issue_id, latest.issue_id), 'web'
             FROM titles t JOIN users u ON u.id = $1::int
             LEFT JOIN issues chosen ON chosen.issue_id = $3::int AND chosen.mid = t.mid
             LEFT JOIN LATERAL (SELECT issue_id FROM issues WHERE mid = t.mid AND NOT is_special ORDER BY pub_date DESC, issue_id DESC LIMIT 1) latest ON true
             WHERE t.mid = $2
             RETURNING id::text`,
            [userId, v.mid, v.issueId ?? null],
          );
    await countUsageEvents(
      tx,
      rows.map((r) => r.id),
    );
    if (rows.length) await alsoInTx?.(tx);
    return rows.length > 0;
  });
}
