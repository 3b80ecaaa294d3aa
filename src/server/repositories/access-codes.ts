// Access codes: finding one by what a reader typed, and redeeming it (one use per account,
// counted against the code's uses in the same transaction that attaches the reader).
import type { Db, Queryable } from '../db/index';
import { isLive, joinInstitution } from './membership';

export interface AccessCode {
  id: number;
  institution_id: number;
  ends_at: Date;
  max_uses: number | null;
  uses: number;
  /** The code and its institution's subscription have not ended. */
  live: boolean;
  /** A librarian disabled it: it attaches nobody new. */
  disabled: boolean;
}

export async function findAccessCode(db: Db, typed: string): Promise<AccessCode | null> {
  const { rows } = await db.query<AccessCode>(
    `SELECT c.id, c.institution_id, c.ends_at, c.max_uses, c.uses, (c.ends_at > now() AND ${isLive('i')}) AS live,
            c.disabled_at IS NOT NULL AS disabled
     FROM access_codes c JOIN institutions i ON i.id = c.institution_id WHERE upper(c.code) = upper($1)`,
    [typed],
  );
  return rows[0] ?? null;
}

/** Gives a code another text (its uses and members stay); false when there is no code `from`. */
export async function renameAccessCode(db: Queryable, from: string, to: string): Promise<boolean> {
  const { rows } = await db.query('UPDATE access_codes SET code = $2 WHERE upper(code) = upper($1) RETURNING id', [from, to]);
  return rows.length > 0;
}

/** Attaches the user to the code's institution until the code ends, with the code's sections;
 * false when its uses ran out. An account that redeemed it before does not count a second use.
 * The use is counted in one statement (uses < max_uses), so concurrent redeemers cannot pass it. */
export function redeemAccessCode(db: Db, code: AccessCode, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const first = await tx.query(
      `INSERT INTO access_code_uses (code_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING code_id`,
      [code.id, userId],
    );
    if (first.rows.length) {
      const counted = await tx.query(
        `UPDATE access_codes SET uses = uses + 1
         WHERE id = $1 AND disabled_at IS NULL AND (max_uses IS NULL OR uses < max_uses) RETURNING id`,
        [code.id],
      );
      // Out of uses: take the use back too, or a second try would pass as "redeemed before".
      if (!counted.rows.length) {
        await tx.query('DELETE FROM access_code_uses WHERE code_id = $1 AND user_id = $2', [code.id, userId]);
        return false;
      }
    }
    await joinInstitution(tx, userId, code.institution_id, { until: code.ends_at, codeId: code.id, readmit: true });
    return true;
  });
}
