// Institution ID requests: the pending list and the decision (approve links the reader to the
// institution they asked for; reject deletes the file), made in the console or by the operator
// command through services/id-decisions.ts.
import type { Db, Queryable } from '../db/index';
import { removeIdFile } from '../services/id-files';
import { joinInstitution } from './membership';
import { recordAudit } from './console';

export interface IdRequest {
  id: number;
  user_id: number;
  email: string | null;
  mobile: string | null;
  name: string;
  institution_id: number | null;
  institution: string | null;
  file_name: string;
  mime: string;
  bytes: number;
  created_at: Date;
}

/** The requests waiting, oldest first: every institution's, or one institution's. */
export async function pendingIdRequests(db: Queryable, institutionId: number | null = null): Promise<IdRequest[]> {
  const { rows } = await db.query<IdRequest>(
    `SELECT f.id, f.user_id, u.email, u.mobile, trim(u.first_name || ' ' || u.last_name) AS name, f.institution_id, i.name AS institution,
            f.file_name, f.mime, f.bytes, f.created_at
     FROM id_uploads f JOIN users u ON u.id = f.user_id LEFT JOIN institutions i ON i.id = f.institution_id
     WHERE f.status = 'pending' AND ($1::int IS NULL OR f.institution_id = $1::int) ORDER BY f.created_at, f.id`,
    [institutionId],
  );
  return rows;
}

/** A waiting request, if it is for this institution (null: no institution check, the operator). */
export async function pendingIdRequest(db: Queryable, id: number, institutionId: number | null): Promise<IdRequest | null> {
  return (await pendingIdRequests(db, institutionId)).find((r) => r.id === id) ?? null;
}

export type IdDecision = { decision: 'approve' } | { decision: 'reject'; reason: string };

/** What a decision did: the reader to tell, and whether an approval linked them. */
export interface DecidedIdRequest {
  userId: number;
  email: string | null;
  mobile: string | null;
  institution: string | null;
  joined: boolean;
}

/** Decides a waiting request (of this institution, unless institutionId is null: the operator):
 * null when there is none. The decision, what it does to the reader (joining the institution,
 * or the upload mark cleared) and the audit entry happen together, so two librarians deciding
 * at once cannot both succeed; a rejected file is deleted once that is recorded. */
export async function decideIdRequest(
  db: Db,
  privateDir: string,
  req: { id: number; institutionId: number | null; actorId: number | null } & IdDecision,
): Promise<DecidedIdRequest | null> {
  const decided = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: number; institution_id: number | null; file_name: string }>(
      `UPDATE id_uploads SET status = $2, decided_at = now()
       WHERE id = $1 AND status = 'pending' AND ($3::int IS NULL OR institution_id = $3::int)
       RETURNING user_id, institution_id, file_name`,
      [req.id, req.decision === 'approve' ? 'approved' : 'rejected', req.institutionId],
    );
    const r = rows[0];
    if (!r) return null;
    let joined = false;
    if (req.decision === 'approve') {
      // The institution itself let them in: a removal by its librarian no longer holds.
      if (r.institution_id) joined = await joinInstitution(tx, r.user_id, r.institution_id, { readmit: true });
    } else {
      await tx.query(`UPDATE users SET uploaded_id = false WHERE id = $1`, [r.user_id]);
    }
    const reader = (
      await tx.query<{ email: string | null; mobile: string | null; institution: string | null }>(
        `SELECT u.email, u.mobile, (SELECT name FROM institutions WHERE id = $2::int) AS institution FROM users u WHERE u.id = $1`,
        [r.user_id, r.institution_id],
      )
    ).rows[0];
    await recordAudit(tx, {
      actorId: req.actorId,
      institutionId: r.institution_id,
      action: `id.${req.decision}`,
      target: reader.email ?? reader.mobile ?? `user ${r.user_id}`,
      before: { request: req.id, status: 'pending' },
      after: req.decision === 'approve' ? { status: 'approved', joined } : { status: 'rejected', reason: req.reason },
    });
    return { file: r.file_name, result: { userId: r.user_id, ...reader, joined } };
  });
  if (!decided) return null;
  if (req.decision === 'reject') removeIdFile(privateDir, decided.file);
  return decided.result;
}

/** Records a reader's ID request unless one is already pending (then false): one at a time, even
 * for uploads sent at once (the reader's row is locked while checking). */
export async function addIdRequest(
  db: Db,
  r: { userId: number; institutionId: number; fileName: string; mime: string; bytes: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [r.userId]);
    if (await hasPendingIdRequest(tx, r.userId)) return false;
    await tx.query(`INSERT INTO id_uploads (user_id, institution_id, file_name, mime, bytes) VALUES ($1, $2, $3, $4, $5)`, [
      r.userId,
      r.institutionId,
      r.fileName,
      r.mime,
      r.bytes,
    ]);
    await tx.query(`UPDATE users SET uploaded_id = true WHERE id = $1`, [r.userId]);
    return true;
  });
}

export async function hasPendingIdRequest(db: Queryable, userId: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM id_uploads WHERE user_id = $1 AND status = 'pending'`, [userId]);
  return rows.length > 0;
}

/** Is this a subscribing institution a reader may ask to join? */
