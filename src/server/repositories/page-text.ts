// Stored page text, for the re-repair of `npm run ingest -- --reindex` (ingest/reindex.ts).
// Writing a page's text recomputes its search column (generated) and, through the trigger of
// migration 021, its issue's row in issue_search.
import type { Queryable } from '../db/index';

const DEVANAGARI = '[\u0900-\u097F]';

/** Issues with Devanagari on a page, oldest first. */
export async function issuesWithDevanagari(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ issue_id: number }>(`SELECT DISTINCT issue_id FROM pages WHERE text ~ $1 ORDER BY issue_id`, [
    DEVANAGARI,
  ]);
  return rows.map((r) => r.issue_id);
}

export async function issuePageTexts(db: Queryable, issueId: number): Promise<{ pageNo: number; text: string }[]> {
  const { rows } = await db.query<{ pageNo: number; text: string }>(
    `SELECT page_no AS "pageNo", text FROM pages WHERE issue_id = $1 ORDER BY page_no`,
    [issueId],
  );
  return rows;
}

/** Writes the pages' new text in one statement (the issue's search row is rebuilt per page). */
export async function setPageTexts(db: Queryable, issueId: number, pages: { pageNo: number; text: string }[]): Promise<void> {
  if (!pages.length) return;
  await db.query(
    `UPDATE pages p SET text = n.text FROM unnest($2::int[], $3::text[]) AS n(page_no, text)
     WHERE p.issue_id = $1 AND p.page_no = n.page_no AND p.text IS DISTINCT FROM n.text`,
    [issueId, pages.map((p) => p.pageNo), pages.map((p) => p.text)],
  );
}

/** Whether a one-time step (named with its version) has run on this database. */
export async function stepDone(db: Queryable, name: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM job_runs WHERE name = $1`, [name]);
  return rows.length > 0;
}

export async function markStepDone(db: Queryable, name: string): Promise<void> {
  await db.query(
    `INSERT INTO job_runs AS j (name, last_run_at, runs) VALUES ($1, now(), 1)
     ON CONFLICT (name) DO UPDATE SET last_run_at = now(), runs = j.runs + 1`,
    [name],
  );
}
