// My Shelf: the issues a reader has started, newest first, with their covers and page counts.
import type { Queryable } from '../db/index';
import type { ContinueItem } from '../../shared/schemas/shelf';
import { mediaUrl } from '../media/store';
import { srcSet } from './cards';

/** How many started issues the shelf shows. */
export const CONTINUE_LIMIT = 12;

/** The reader's saved progress in issues not finished (the last page reached), plus the issues in
 * `alsoIssues` (progress this device has not sent yet, or newer than the server's) with the
 * server's page if any, newest first: the app decides those with its own page. Issues that no
 * longer exist are left out. */
export async function continueReading(db: Queryable, userId: number, alsoIssues: number[] = []): Promise<ContinueItem[]> {
  const { rows } = await db.query<{
    issue_id: number;
    mid: number;
    title: string;
    name: string;
    page_count: number;
    page_no: number | null;
    updated_at: Date | null;
    cover_1x: string | null;
    cover_2x: string | null;
    cover_3x: string | null;
  }>(
    `WITH wanted AS (
       (SELECT p.issue_id FROM reading_progress p JOIN issues s ON s.issue_id = p.issue_id
         WHERE p.user_id = $1 AND p.page_no < s.page_count ORDER BY p.updated_at DESC LIMIT $2)
       UNION SELECT unnest($3::int[])
     )
     SELECT s.issue_id, s.mid, t.name AS title, s.name, s.page_count, p.page_no, p.updated_at,
            s.cover_1x, s.cover_2x, s.cover_3x
     FROM wanted w
     JOIN issues s ON s.issue_id = w.issue_id
     JOIN titles t ON t.mid = s.mid
     LEFT JOIN reading_progress p ON p.user_id = $1 AND p.issue_id = s.issue_id
     ORDER BY p.updated_at DESC NULLS FIRST, s.issue_id`,
    [userId, CONTINUE_LIMIT, alsoIssues],
  );
  return rows.map((r) => ({
    issueId: r.issue_id,
    mid: r.mid,
    titleName: r.title,
    issueName: r.name,
    pages: r.page_count,
    page: r.page_no,
    at: r.updated_at ? r.updated_at.getTime() : null,
    imageSrc: mediaUrl(r.cover_1x),
    imageSrcSet: srcSet(r.cover_1x, r.cover_2x, r.cover_3x),
  }));
}
