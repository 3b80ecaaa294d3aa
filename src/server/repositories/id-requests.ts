// Institution ID requests: the pending list and the decision (approve links the reader to the
// institution they asked for; reject deletes the file).
import type { Db, Queryable } from '../db/index';
import { removeIdFile } from '../services/id-files';
import { joinInstitution } from './membership';

export interface IdRequest {
  id: number;
  email: string | null;
  name: string;
  institution: string | null;
  file_name: string;
  mime: string;
  bytes: number;
  created_at: Date;
}

export async function pendingIdRequests(db: Queryable): Promise<IdRequest[]> {
  const { rows } = await db.query<IdRequest>(
    `SELECT f.id, u.email, trim(u.first_name || ' ' || u.last_name) AS name, i.name AS institution, f.file_name, f.mime, f.bytes, f.created_at
     FROM id_uploads f JOIN users u ON u.id = f.user_id LEFT JOIN institutions i ON i.id = f.institution_id
     WHERE f.status = 'pending' ORDER BY f.created_at`,
  );
  return rows;
}

/** Returns false when there is no pending request with that id. The decision and what it does to
 * the reader (joining the institution, or the upload mark cleared) happen together; a rejected
 * file is deleted once that is recorded. */
export async function decideIdRequest(db: Db, privateDir: string, id: number, decision: 'approve' | 'reject'): Promise<boolean> {
  const decided = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: number; institution_id: number | null; file_name: string }>(
      `UPDATE id_uploads SET status = $2, decided_at = now() WHERE id = $1 AND status = 'pending' RETURNING user_id, institution_id, file_name`,
      [id, decision === 'approve' ? 'approved' : 'rejected'],
    );
    const r = rows[0];
    if (!r) return null;
    if (decision === 'approve') {
      if (r.institution_id) await joinInstitution(tx, r.user_id, r.institution_id);
    } else {
      await tx.query(`UPDATE users SET uploaded_id = false WHERE id = $1`, [r.user_id]);
    }
    return r;
  });
  if (!decided) return false;
  if (decision === 'reject') removeIdFile(privateDir, decided.file_name);
  return true;
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
