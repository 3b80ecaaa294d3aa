// Holdings for KBART files: an institution's (the titles its subscription opens) and the whole
// catalogue's (every title readers can find, for knowledge-base vendors). The institution's rules
// are those of entitlement.ts (checkReading) as one set query: no hidden category, the
// subscription's newspaper and journal flags, its age rating (a rating of 8 or more means no
// limit) and the institution country's title blocks.
import type { Queryable } from '../db/index';
import type { Holding } from '../../shared/kbart';
import { AGE_RATE_APPLY_BELOW, HIDDEN_CATEGORY, JOURNAL_SECTION, NEWSPAPER_CATEGORY } from '../../shared/constants';

// The first and last numbered issues' volume and number come from the same issue each.
const HOLDING_COLUMNS = `t.mid, t.name AS title, t.publisher, t.is_free AS free,
  t.print_issn AS "printIssn", t.online_issn AS "onlineIssn", t.isbn,
  to_char(min(s.pub_date), 'YYYY-MM-DD') AS "firstIssue", to_char(max(s.pub_date), 'YYYY-MM-DD') AS "lastIssue",
  max(s.pub_date) >= ($1::timestamptz - interval '1 year')::date AS current,
  (array_agg(s.volume ORDER BY s.pub_date, s.issue_id) FILTER (WHERE s.volume IS NOT NULL))[1] AS "firstVolume",
  (array_agg(s.number ORDER BY s.pub_date, s.issue_id) FILTER (WHERE s.volume IS NOT NULL))[1] AS "firstNumber",
  (array_agg(s.volume ORDER BY s.pub_date DESC, s.issue_id DESC) FILTER (WHERE s.volume IS NOT NULL))[1] AS "lastVolume",
  (array_agg(s.number ORDER BY s.pub_date DESC, s.issue_id DESC) FILTER (WHERE s.volume IS NOT NULL))[1] AS "lastNumber"`;
const GROUP = 'GROUP BY t.mid ORDER BY t.name, t.mid';

export async function institutionHoldings(db: Queryable, institutionId: number, now = new Date()): Promise<Holding[]> {
  const { rows } = await db.query<Holding>(
    `SELECT ${HOLDING_COLUMNS}
     FROM institutions i JOIN titles t ON t.cat_id <> ${HIDDEN_CATEGORY}
     JOIN issues s ON s.mid = t.mid
     WHERE i.id = $2
       AND (i.newspapers OR NOT (t.type = 'newspaper' OR t.cat_id = ${NEWSPAPER_CATEGORY}))
       AND (i.journals OR NOT (t.type = 'journal' OR t.cat_id = ${JOURNAL_SECTION}))
       AND (i.age_rating >= ${AGE_RATE_APPLY_BELOW} OR t.age_rating <= i.age_rating)
       AND NOT (trim(i.country) = ANY (t.blocked_countries))
     ${GROUP}`,
    [now, institutionId],
  );
  return rows;
}

/** Every title of the catalogue with an issue, but the hidden category's: what a knowledge base
 * lists for Lectern as a whole (each institution's own file says what it opens). */
export async function catalogueHoldings(db: Queryable, now = new Date()): Promise<Holding[]> {
  const { rows } = await db.query<Holding>(
    `SELECT ${HOLDING_COLUMNS}
     FROM titles t JOIN issues s ON s.mid = t.mid
     WHERE t.cat_id <> ${HIDDEN_CATEGORY}
     ${GROUP}`,
    [now],
  );
  return rows;
}
