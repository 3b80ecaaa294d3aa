// The console's access section (issue 15): an institution's e-mail domains and access codes, and
// its subscription to show. Codes are the same rows the reader redeems (access-codes.ts): one
// model, one counter. Every change is audited in its own transaction.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index';
import { recordAudit } from './console';
import { isLive } from './membership';
import {
  CODES_LISTED,
  DOMAINS_MAX,
  type AccessCodeRow,
  type ConsoleAccess,
  type CreateCodesBody,
  type Sections,
} from '../../shared/schemas/console-access';

/** Why a change could not be made: the route turns it into a 4xx with this code (which the app
 * translates) and message. */
export type Refusal = { refused: 400 | 404 | 409; code: string; message: string };
const refuse = (status: Refusal['refused'], code: string, message: string): Refusal => ({ refused: status, code, message });
export const isRefusal = (r: unknown): r is Refusal => typeof r === 'object' && r !== null && 'refused' in r;

const CODE_COLUMNS = `c.id, c.code, c.label, c.max_uses AS "maxUses", c.uses, c.newspapers, c.journals,
  to_char(c.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "endsOn", c.created_at AS "createdAt",
  (SELECT max(used_at) FROM access_code_uses u WHERE u.code_id = c.id) AS "lastUsedAt",
  CASE WHEN c.disabled_at IS NOT NULL THEN 'disabled'
       WHEN c.ends_at <= now() OR NOT ${isLive('i')} THEN 'ended'
       WHEN c.max_uses IS NOT NULL AND c.uses >= c.max_uses THEN 'used_up'
       ELSE 'active' END AS status`;

type CodeDbRow = Omit<AccessCodeRow, 'createdAt' | 'lastUsedAt'> & { createdAt: Date; lastUsedAt: Date | null };
const codeRow = (r: CodeDbRow): AccessCodeRow => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
  lastUsedAt: r.lastUsedAt && new Date(r.lastUsedAt).toISOString(),
});

/** Codes with their usage and status, as the console shows them. */
async function selectCodes(db: Queryable, where: string, params: unknown[]): Promise<CodeDbRow[]> {
  const { rows } = await db.query<CodeDbRow>(
    `SELECT ${CODE_COLUMNS} FROM access_codes c JOIN institutions i ON i.id = c.institution_id WHERE ${where}`,
    params,
  );
  return rows;
}

/** The institution's codes, newest first (`limit` of them, or all). */
export async function institutionCodes(db: Queryable, institutionId: number, limit: number | null = null): Promise<AccessCodeRow[]> {
  const rows = await selectCodes(db, 'c.institution_id = $1 ORDER BY c.created_at DESC, c.id DESC LIMIT $2', [institutionId, limit]);
  return rows.map(codeRow);
}

export async function consoleAccess(db: Queryable, institutionId: number): Promise<ConsoleAccess> {
  const [inst, codes, count] = await Promise.all([
    db.query<{ startsOn: string; endsOn: string; active: boolean; newspapers: boolean; journals: boolean; domains: string[] }>(
      `SELECT to_char(sub_start AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "startsOn", to_char(sub_end AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "endsOn",
              ${isLive('i')} AS active, newspapers, journals, email_domains AS domains
       FROM institutions i WHERE id = $1`,
      [institutionId],
    ),
    institutionCodes(db, institutionId, CODES_LISTED),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM access_codes WHERE institution_id = $1', [institutionId]),
  ]);
  const { domains, ...subscription } = inst.rows[0];
  return { subscription, domains, codes, codeCount: count.rows[0].n };
}

// One change to the domains at a time, whichever institution makes it: "held by another
// institution" is then true when the domain is added (a text[] column has no unique index).
const lockDomains = (tx: Queryable) => tx.query(`SELECT pg_advisory_xact_lock(hashtext('institutions.email_domains'))`);

async function domainsOf(tx: Queryable, institutionId: number): Promise<string[]> {
  return (await tx.query<{ d: string[] }>('SELECT email_domains AS d FROM institutions WHERE id = $1', [institutionId])).rows[0].d;
}

/** Adds an e-mail domain: readers signing in with it join the institution. */
export function addDomain(db: Db, institutionId: number, domain: string, actorId: number): Promise<string[] | Refusal> {
  return db.transaction(async (tx) => {
    await lockDomains(tx);
    const before = await domainsOf(tx, institutionId);
    if (before.some((d) => d.toLowerCase() === domain)) return before;
    const held = await tx.query(`SELECT 1 FROM institutions i, unnest(i.email_domains) d WHERE lower(d) = $1 AND i.id <> $2`, [
      domain,
      institutionId,
    ]);
    if (held.rows.length)
      return refuse(
        409,
        'domain_held',
        `${domain} is already held by another institution. If its addresses belong to yours, write to Lectern support.`,
      );
    if (before.length >= DOMAINS_MAX)
      return refuse(400, 'too_many_domains', `An institution can hold at most ${DOMAINS_MAX} domains. Remove one first.`);
    const after = (
      await tx.query<{ d: string[] }>(
        'UPDATE institutions SET email_domains = array_append(email_domains, $2) WHERE id = $1 RETURNING email_domains AS d',
        [institutionId, domain],
      )
    ).rows[0].d;
    await recordAudit(tx, { actorId, institutionId, action: 'domain.add', target: domain, before, after });
    return after;
  });
}

/** Removes an e-mail domain: nobody new joins by it; members who joined stay members. */
export function removeDomain(db: Db, institutionId: number, domain: string, actorId: number): Promise<string[] | Refusal> {
  return db.transaction(async (tx) => {
    await lockDomains(tx);
    const before = await domainsOf(tx, institutionId);
    if (!before.some((d) => d.toLowerCase() === domain)) return refuse(404, 'not_your_domain', `${domain} is not one of your domains.`);
    const after = before.filter((d) => d.toLowerCase() !== domain);
    await tx.query('UPDATE institutions SET email_domains = $2 WHERE id = $1', [institutionId, after]);
    await recordAudit(tx, { actorId, institutionId, action: 'domain.remove', target: domain, before, after });
    return after;
  });
}

// Made-up codes: no 0/O or 1/I to misread, 8 characters (32^8, about 10^12), as XXXX-XXXX.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function madeUpCode(): string {
  const bytes = crypto.randomBytes(8);
  const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

type NewCodes = Omit<CreateCodesBody, 'label'> & { label: string };

/** Makes one code (the librarian's own or a made-up one) or a batch, all with the same limit,
 * end and sections. A code cannot outlast the subscription nor open a section it lacks. */
export function createCodes(db: Db, institutionId: number, body: NewCodes, actorId: number): Promise<AccessCodeRow[] | Refusal> {
  return db.transaction(async (tx) => {
    const inst = (
      await tx.query<Sections & { endsOn: string; today: string }>(
        `SELECT newspapers, journals, to_char(sub_end AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "endsOn",
                to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS today
         FROM institutions WHERE id = $1`,
        [institutionId],
      )
    ).rows[0];
    if (body.endsOn < inst.today) return refuse(400, 'ends_passed', 'The end date has passed. Choose today or a later day.');
    if (body.endsOn > inst.endsOn)
      return refuse(400, 'ends_after_subscription', `A code cannot outlast the subscription, which ends on ${inst.endsOn}.`);
    for (const section of ['newspapers', 'journals'] as const)
      if (body[section] && !inst[section])
        return refuse(400, 'section_not_subscribed', `The subscription does not include ${section}: a code cannot open them.`);
    if (body.code) {
      const taken = await tx.query('SELECT 1 FROM access_codes WHERE upper(code) = $1', [body.code]);
      if (taken.rows.length) return refuse(409, 'code_taken', `The code ${body.code} is taken. Choose another.`);
    }
    const ids: number[] = [];
    // Made-up codes that happen to exist already are skipped and made again.
    for (let round = 0; ids.length < body.count && round < 5; round++) {
      const codes = body.code ? [body.code] : Array.from({ length: body.count - ids.length }, madeUpCode);
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO access_codes (code, institution_id, ends_at, max_uses, newspapers, journals, label)
         SELECT code, $2, ($3::date + 1)::timestamp AT TIME ZONE 'UTC' - interval '1 second', $4, $5, $6, $7 FROM unnest($1::text[]) AS code
         ON CONFLICT (code) DO NOTHING RETURNING id`,
        [codes, institutionId, body.endsOn, body.maxUses, body.newspapers, body.journals, body.label],
      );
      ids.push(...rows.map((r) => r.id));
      if (body.code && !rows.length) return refuse(409, 'code_taken', `The code ${body.code} is taken. Choose another.`);
    }
    const made = (await selectCodes(tx, 'c.id = ANY($1::int[]) ORDER BY c.id DESC', [ids])).map(codeRow);
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'codes.create',
      target:
        body.label ||
        made
          .map((c) => c.code)
          .join(', ')
          .slice(0, 200),
      before: null,
      after: {
        codes: made.map((c) => c.code),
        maxUses: body.maxUses,
        endsOn: body.endsOn,
        newspapers: body.newspapers,
        journals: body.journals,
      },
    });
    return made;
  });
}

/** Disables a code of the institution: nobody new redeems it; those it attached keep their access
 * until its end (removing them is the members section's work). */
export function disableCode(db: Db, institutionId: number, codeId: number, actorId: number): Promise<AccessCodeRow | Refusal> {
  return db.transaction(async (tx) => {
    const [before] = await selectCodes(tx, 'c.id = $1 AND c.institution_id = $2 FOR UPDATE OF c', [codeId, institutionId]);
    if (!before) return refuse(404, 'not_found', 'There is no such access code.');
    if (before.status === 'disabled') return codeRow(before);
    await tx.query('UPDATE access_codes SET disabled_at = now() WHERE id = $1', [codeId]);
    const [after] = await selectCodes(tx, 'c.id = $1', [codeId]);
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'code.disable',
      target: before.code,
      before: { status: before.status },
      after: { status: after.status },
    });
    return codeRow(after);
  });
}
