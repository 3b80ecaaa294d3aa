// Access codes: finding one by what a reader typed, and redeeming it (one use per account,
// counted against the code's uses in the same transaction that attaches the reader).
import type { Db } from '../db/index';
import { isLive, joinInstitution } from './membership';

export interface AccessCode {
  id: number;
  institution_id: number;
  ends_at: Date;
  max_uses: number | null;
  uses: number;
  /** The code and its institution's subscription have not ended. */
  live: boolean;
}

export async function findAccessCode(db: Db, typed: string): Promise<AccessCode | null> {
  const { rows } = await db.query<AccessCode>(
    `SELECT c.id, c.institution_id, c.ends_at, c.max_uses, c.uses, (c.ends_at > now() AND ${isLive('i')}) AS live
     FROM access_codes c JOIN institutions i ON i.id = c.institution_id WHERE upper(c.code) = upper($1)`,
    [typed],
  );
  return rows[0] ?? null;
}

/** Attaches the user to the code's institution until the code ends; false when its uses ran out.
 * An account that redeemed it before does not count a second use. */
export function redeemAccessCode(db: Db, code: AccessCode, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const first = await tx.query(
      `INSERT INTO access_code_uses (code_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING code_id`,
      [code.id, userId],
    );
    if (first.rows.length) {
      const counted = await tx.query(
        `UPDATE access_codes SET uses = uses + 1 WHERE id = $1 AND (max_uses IS NULL OR uses < max_uses) RETURNING id`,
        [code.id],
      );
      if (!counted.rows.length) return false;
    }
    await joinInstitution(tx, userId, code.institution_id, { until: code.ends_at, readmit: true });
    return true;
  });
}
