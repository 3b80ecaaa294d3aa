// May this reader read this issue? The server decides, whatever the app believes: an unexpired
// institution subscription (or the access code that linked them, until its end), the section
// flags of the subscription, the title's country block (store and institution countries) and
// the institution's age rating. Each refusal is a 403 with a code the app turns into the text of
// spec §4/§8. A Smart Reading Zone is a separate, additional way in: where the institution's rules
// refuse (or there is none: a guest, a visitor), an active zone pass opens what its zone opens.
// The country block refuses either way. A paid personal plan (repositories/payments.ts) is the
// third way in, for what the institution does not open (none, expired, or a section it lacks).
// IP authentication comes before both: a reader with no live institution of their own (a guest, a
// visitor, a member whose access ended) reading from an institution's approved campus range gets
// that institution's subscription, its sections and age rating and no more (ip-access.ts).
import type { Queryable } from '../db/index';
import { HttpError, notFound } from '../http-error';
import { prepared } from '../db/prepared';
import { accessEnds, sectionOpen } from './membership';
import { clientInet, passOpening } from './zones';
import { hasRunningPlan, planOpening } from './payments';
import type { ZoneSection } from '../../shared/zones';
import { AGE_RATE_APPLY_BELOW, HIDDEN_CATEGORY, JOURNAL_SECTION, NEWSPAPER_CATEGORY, PRODUCT_NAME } from '../../shared/constants';

export interface ReadableIssue {
  issueId: number;
  mid: number;
  /** The reader's institution (null for a guest or a visitor). */
  institutionId: number | null;
  /** Null when the institution's subscription allows it; else the zone whose pass does (online
   * reading only: no downloads), with the pass's end. */
  zoneId: number | null;
  passEndsAt: Date | null;
  /** The institution whose campus range opened it (IP authentication), else null. */
  ipInstitutionId: number | null;
}

export const READING_REFUSALS = {
  no_access: `Unfortunately, you do not have access to ${PRODUCT_NAME} content.`,
  subscription_expired: `Oops! Your ${PRODUCT_NAME} subscription has expired`,
  country_blocked: 'Oops! This magazine is blocked for your country .',
  not_in_subscription: "This title is not part of your institution's subscription.",
  age_restricted: "This title is not available at your institution's age rating.",
} as const;
export type ReadingRefusal = keyof typeof READING_REFUSALS;

/** What a personal plan can open: not the institution's age rating, which is its own choice. */
const PLAN_OPENS = new Set<ReadingRefusal>(['no_access', 'subscription_expired', 'not_in_subscription']);

const refuse = (code: ReadingRefusal) => new HttpError(403, code, READING_REFUSALS[code]);

/** Whether the reader's institution's subscription runs now, from a row of users u joined to
 * institutions i (none for a reader who has no institution, or no such reader). */
const SUBSCRIPTION_ACTIVE = `${accessEnds('u', 'i')} > now() AS active`;
type SubscriptionRow = { inst_id: number | null; active: boolean | null };
const subscriptionRefusalOf = (r: SubscriptionRow | undefined): ReadingRefusal | null =>
  !r?.inst_id ? 'no_access' : r.active ? null : 'subscription_expired';

/** Why this reader may not read at all (no issue involved), or null: an institution's live
 * subscription or a paid personal plan running now. */
export async function subscriptionRefusal(db: Queryable, userId: number): Promise<ReadingRefusal | null> {
  const refusal = await institutionSubscriptionRefusal(db, userId);
  return refusal && (await hasRunningPlan(db, userId)) ? null : refusal;
}

/** The same, by the institution alone (its subscription or the code that linked the reader). */
export async function institutionSubscriptionRefusal(db: Queryable, userId: number): Promise<ReadingRefusal | null> {
  const { rows } = await db.query<SubscriptionRow>(
    prepared(
      `SELECT i.id AS inst_id, ${SUBSCRIPTION_ACTIVE} FROM users u LEFT JOIN institutions i ON i.id = u.institution_id WHERE u.id = $1`,
    ),
    [userId],
  );
  return subscriptionRefusalOf(rows[0]);
}

/** The age limit an institution's rating sets for its readers (spec §5: a rating of 8 or more
 * means no limit, answered as null). A signed-in reader's comes with their session
 * (sessions.ts liveSessionUser); a reader without an institution has none (visitor's rules). */
export const ageLimitOf = (rating: number): number | null => (rating < AGE_RATE_APPLY_BELOW ? rating : null);

/** May this reader read this issue? `ip` is the request's client address (request.ip), for IP
 * authentication; without it only the reader's own access counts. */
export async function checkReading(db: Queryable, userId: number, issueId: number, storeId = 1, ip?: string): Promise<ReadableIssue> {
  // The institution's subscription comes in the same statement: one round trip for a reader
  // whose institution opens the issue, the common case.
  const { rows } = await db.query<
    SubscriptionRow & {
      mid: number;
      cat_id: number;
      type: string;
      blocked: string[];
      title_age: number;
      inst_country: string | null;
      inst_age: number | null;
      newspapers: boolean | null;
      journals: boolean | null;
      store_country: string | null;
    }
  >(
    prepared(`SELECT t.mid, t.cat_id, t.type, t.blocked_countries AS blocked, t.age_rating AS title_age,
            i.id AS inst_id, i.country AS inst_country, i.age_rating AS inst_age, ${SUBSCRIPTION_ACTIVE},
            ${sectionOpen('i', 'c', 'newspapers')} AS newspapers, ${sectionOpen('i', 'c', 'journals')} AS journals,
            (SELECT country FROM stores WHERE store_id = $3) AS store_country
     FROM issues s JOIN titles t ON t.mid = s.mid
     LEFT JOIN users u ON u.id = $1 LEFT JOIN institutions i ON i.id = u.institution_id
     LEFT JOIN access_codes c ON c.id = u.access_code_id
     WHERE s.issue_id = $2`),
    [userId, issueId, storeId],
  );
  const r = rows[0];
  if (!r || r.cat_id === HIDDEN_CATEGORY) throw notFound(`Issue ${issueId}`);
  const blocked = [r.store_country, r.inst_country].some((c) => c && r.blocked.includes(c.trim()));
  const newspaper = r.type === 'newspaper' || r.cat_id === NEWSPAPER_CATEGORY;
  const journal = r.type === 'journal' || r.cat_id === JOURNAL_SECTION;
  const refusal = subscriptionRefusalOf(r) ?? (blocked ? 'country_blocked' : institutionRefusal(r, newspaper, journal));
  const own = { issueId, mid: r.mid, institutionId: r.inst_id, zoneId: null, passEndsAt: null, ipInstitutionId: null };
  if (!refusal) return own;
  if (refusal === 'country_blocked') throw refuse(refusal);
  if (refusal === 'no_access' || refusal === 'subscription_expired') {
    const campus = await campusOpening(db, ip, { ...r, newspaper, journal });
    if (campus) return { ...own, ipInstitutionId: campus };
  }
  const sections: ZoneSection[] = [];
  if (newspaper) sections.push('newspapers');
  if (journal) sections.push('journals');
  if (!sections.length) sections.push('magazines');
  if (PLAN_OPENS.has(refusal) && (await planOpening(db, userId, { mid: r.mid, catId: r.cat_id, sections }))) {
    if (blocked) throw refuse('country_blocked');
    return own;
  }
  const pass = await passOpening(db, userId, { mid: r.mid, catId: r.cat_id, sections, ageRating: r.title_age });
  if (!pass) throw refuse(refusal);
  if (blocked) throw refuse('country_blocked'); // a zone never lifts the country block
  return { ...own, zoneId: pass.zoneId, passEndsAt: pass.endsAt };
}

/** The institution whose approved campus range holds `ip` and whose own rules open this title (a
 * live subscription, its sections, its age rating, its country's block), or null. */
async function campusOpening(
  db: Queryable,
  ip: string | undefined,
  t: { blocked: string[]; title_age: number; store_country: string | null; newspaper: boolean; journal: boolean },
): Promise<number | null> {
  const address = clientInet(ip);
  if (!address) return null;
  const { rows } = await db.query<{ id: number; country: string | null; newspapers: boolean; journals: boolean; age_rating: number }>(
    `SELECT i.id, i.country, i.newspapers, i.journals, i.age_rating
     FROM institution_ip_ranges g JOIN institutions i ON i.id = g.institution_id
     WHERE g.approved_at IS NOT NULL AND g.net >>= $1::inet AND i.sub_end > now() LIMIT 1`,
    [address],
  );
  const i = rows[0];
  if (!i || [t.store_country, i.country].some((c) => c && t.blocked.includes(c.trim()))) return null;
  const rules = { newspapers: i.newspapers, journals: i.journals, inst_age: i.age_rating, title_age: t.title_age };
  return institutionRefusal(rules, t.newspaper, t.journal) ? null : i.id;
}

/** What the live institution's own rules refuse: its section flags and (spec §5, like the list
 * filters: a rating of 8 or more means no limit) its age rating. */
function institutionRefusal(
  r: { newspapers: boolean | null; journals: boolean | null; inst_age: number | null; title_age: number },
  newspaper: boolean,
  journal: boolean,
): ReadingRefusal | null {
  if ((newspaper && r.newspapers === false) || (journal && r.journals === false)) return 'not_in_subscription';
  if (r.inst_age !== null && r.inst_age < AGE_RATE_APPLY_BELOW && r.title_age > r.inst_age) return 'age_restricted';
  return null;
}
