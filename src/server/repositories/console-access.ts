// The console's access section: an institution's access codes and its subscription to
// show, with its e-mail domains (institution-domains.ts). Codes are the same rows the reader
// redeems (access-codes.ts): one model, one counter. Every change is audited in its own transaction.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index';
import { recordAudit } from './console';
import { isLive } from './membership';
import { institutionDomains } from './institution-domains';
import { refuse, type Refusal } from './refusal';
import {
  CODES_LISTED,
  type AccessCodeRow,
  type ConsoleAccess,
  type CreateCodesBody,
  type Sections,
} from '../../shared/schemas/console-access';

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
  const [inst, domains, codes, count] = await Promise.all([
    db.query<{ startsOn: string; endsOn: string; active: boolean; newspapers: boolean; journals: boolean }>(
      `SELECT to_char(sub_start AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "startsOn", to_char(sub_end AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "endsOn",
              ${isLive('i')} AS active, newspapers, journals
       FROM institutions i WHERE id = $1`,
      [institutionId],
    ),
    institutionDomains(db, institutionId),
    institutionCodes(db, institutionId, CODES_LISTED),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM access_codes WHERE institution_id = $1', [institutionId]),
  ]);
  return { subscription: inst.rows[0], domains, codes, codeCount: count.rows[0].n };
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
