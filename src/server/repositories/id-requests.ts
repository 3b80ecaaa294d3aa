// Institution ID requests: the pending list and the decision (approve links the reader to the
// institution they asked for; reject deletes the file).
import type { Queryable } from '../db/index';
import { removeIdFile } from '../services/id-files';

export interface IdRequest { id: number; email: string | null; name: string; institution: string | null; file_name: string; mime: string; bytes: number; created_at: Date }

export async function pendingIdRequests(db: Queryable): Promise<IdRequest[]> {
  const { rows } = await db.query<IdRequest>(
    `SELECT f.id, u.email, trim(u.first_name || ' ' || u.last_name) AS name, i.name AS institution, f.file_name, f.mime, f.bytes, f.created_at
     FROM id_uploads f JOIN users u ON u.id = f.user_id LEFT JOIN institutions i ON i.id = f.institution_id
     WHERE f.status = 'pending' ORDER BY f.created_at`,
  );
  return rows;
}

/** Returns false when there is no pending request with that id. */
export async function decideIdRequest(db: Queryable, privateDir: string, id: number, decision: 'approve' | 'reject'): Promise<boolean> {
  const { rows } = await db.query<{ user_id: number; institution_id: number | null; file_name: string }>(
    `UPDATE id_uploads SET status = $2, decided_at = now() WHERE id = $1 AND status = 'pending' RETURNING user_id, institution_id, file_name`,
    [id, decision === 'approve' ? 'approved' : 'rejected'],
  );
  const r = rows[0];
  if (!r) return false;
  if (decision === 'approve') {
    await db.query(`UPDATE users SET institution_id = $2, access_ends_at = NULL WHERE id = $1`, [r.user_id, r.institution_id]);
  } else {
    removeIdFile(privateDir, r.file_name);
    await db.query(`UPDATE users SET uploaded_id = false WHERE id = $1`, [r.user_id]);
  }
  return true;
}
