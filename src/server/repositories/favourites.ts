// A reader's favourite titles, newest first, as magazine cards. The newest change wins by the
// device's time: a removal is kept as a tombstone (removed) so an older add arriving later loses.
import type { Queryable } from '../db/index';
import { CARD_COLUMNS, CARD_TITLE_COLUMNS, LATEST_ISSUE_JOIN, toCard, type CardRow } from './cards';

export async function favouriteCards(db: Queryable, userId: number) {
  const { rows } = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM (
       SELECT ${CARD_TITLE_COLUMNS}, f.changed_at AS fav_at FROM favourites f JOIN titles t ON t.mid = f.mid WHERE f.user_id = $1 AND NOT f.removed
     ) t ${LATEST_ISSUE_JOIN} ORDER BY t.fav_at DESC, t.mid`,
    [userId],
  );
  return rows.map(toCard);
}

/** Adds (removed false) or removes (removed true) a title as of `at`, unless a change at least as
 * new already stands. Returns whether it was applied; an unknown title records nothing. */
export async function changeFavourite(db: Queryable, userId: number, mid: number, removed: boolean, at: Date): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO favourites (user_id, mid, changed_at, removed) SELECT $1, mid, $3, $4 FROM titles WHERE mid = $2
     ON CONFLICT (user_id, mid) DO UPDATE SET changed_at = EXCLUDED.changed_at, removed = EXCLUDED.removed
     WHERE favourites.changed_at <= EXCLUDED.changed_at RETURNING 1`,
    [userId, mid, at, removed],
  );
  return rows.length > 0;
}
