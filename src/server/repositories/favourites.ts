// A reader's favourite titles, newest first, as magazine cards.
import type { Queryable } from '../db/index';
import { CARD_COLUMNS, LATEST_ISSUE_JOIN, toCard, type CardRow } from './cards';

export async function favouriteCards(db: Queryable, userId: number) {
  const { rows } = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM (
       SELECT t.*, f.created_at AS fav_at FROM favourites f JOIN titles t ON t.mid = f.mid WHERE f.user_id = $1
     ) t ${LATEST_ISSUE_JOIN} ORDER BY t.fav_at DESC, t.mid`,
    [userId],
  );
  return rows.map(toCard);
}

export async function addFavourite(db: Queryable, userId: number, mid: number): Promise<void> {
  await db.query(`INSERT INTO favourites (user_id, mid) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, mid]);
}

export async function removeFavourite(db: Queryable, userId: number, mid: number): Promise<void> {
  await db.query(`DELETE FROM favourites WHERE user_id = $1 AND mid = $2`, [userId, mid]);
}
