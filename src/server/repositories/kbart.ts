// An institution's holdings for its KBART file: the titles its subscription opens, with their
// first and last issue dates. The rules are those of entitlement.ts (checkReading) as one set
// query: no hidden category, the subscription's newspaper and journal flags, its age rating
// (a rating of 8 or more means no limit) and the institution country's title blocks.
import type { Queryable } from '../db/index';
import type { Holding } from '../../shared/kbart';
import { AGE_RATE_APPLY_BELOW, HIDDEN_CATEGORY, JOURNAL_SECTION, NEWSPAPER_CATEGORY } from '../../shared/constants';

export async function institutionHoldings(db: Queryable, institutionId: number, now = new Date()): Promise<Holding[]> {
  const { rows } = await db.query<Holding>(
    `SELECT t.mid, t.name AS title, t.publisher, t.is_free AS free,
            to_char(min(s.pub_date), 'YYYY-MM-DD') AS "firstIssue", to_char(max(s.pub_date), 'YYYY-MM-DD') AS "lastIssue",
            max(s.pub_date) >= ($2::timestamptz - interval '1 year')::date AS current
     FROM institutions i JOIN titles t ON t.cat_id <> ${HIDDEN_CATEGORY}
     JOIN issues s ON s.mid = t.mid
     WHERE i.id = $1
       AND (i.newspapers OR NOT (t.type = 'newspaper' OR t.cat_id = ${NEWSPAPER_CATEGORY}))
       AND (i.journals OR NOT (t.type = 'journal' OR t.cat_id = ${JOURNAL_SECTION}))
       AND (i.age_rating >= ${AGE_RATE_APPLY_BELOW} OR t.age_rating <= i.age_rating)
       AND NOT (trim(i.country) = ANY (t.blocked_countries))
     GROUP BY t.mid, t.name, t.publisher, t.is_free
     ORDER BY t.name, t.mid`,
    [institutionId, now],
  );
  return rows;
}
