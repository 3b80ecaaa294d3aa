// Members a librarian adds by CSV (email, name, optional last day of access), checked row by row
// before anything is written; the invitation mails (one row a mail in member_invitations, sent by
// deliverInvitations, from the import's answer on and by the job for what failed); invitations
// sent again from the member list. An invitation never reveals whether the address already had an
// account: it is "invited" either way.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index';
import { HttpError } from '../http-error';
import { parseCsv } from '../services/csv';
import type { Mailer } from '../services/mailer';
import { invitationMail } from '../services/messages';
import { looksLikeFormula } from '../../shared/formula-guard';
import { EMAIL_PATTERN } from '../../shared/validation';
import { NO_CONTROL } from '../../shared/schemas/fields';
import {
  IMPORT_MAX_ROWS,
  INVITE_GAP_MINUTES,
  INVITES_PER_DAY,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
} from '../../shared/schemas/member-import';
import { recordAudit } from './console';
import { joinInstitution } from './membership';

const UNTIL_COLUMNS = ['access_until', 'until', 'expiry', 'expires', 'expires_on', 'expiry_date'];
const NAME_MAX = 80;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const day = (d: Date) => d.toISOString().slice(0, 10);
/** The end of a last day of access: midnight UTC after it (as an extension sets it). */
const endOf = (until: string) => new Date(Date.parse(`${until}T00:00:00Z`) + 86_400_000);

/** One institution's invitations are decided one transaction at a time (the daily count and the
 * resend gap are checked and written under it). */
const lockInvitations = (tx: Queryable, institutionId: number) =>
  tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`member-invite:${institutionId}`]);

const invitedToday = async (tx: Queryable, institutionId: number) =>
  (
    await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM member_invitations WHERE institution_id = $1 AND created_at > now() - interval '1 day'`,
      [institutionId],
    )
  ).rows[0].n;

/** Checks a CSV file against the institution without writing anything: each row to invite, a
 * member already, or refused with the reason. 400 for a file that cannot be read as the list. */
export async function checkImport(db: Queryable, institutionId: number, csv: string): Promise<ImportPreview> {
  const all = parseCsv(csv);
  if (!all.length) throw new HttpError(400, 'bad_request', 'The file is empty.');
  const header = all[0].cells.map((c) => c.trim().toLowerCase());
  const col = { email: header.indexOf('email'), name: header.indexOf('name'), until: header.findIndex((h) => UNTIL_COLUMNS.includes(h)) };
  if (col.email < 0 || col.name < 0)
    throw new HttpError(400, 'bad_request', 'The first line must name the columns: email, name and (optional) access_until.');
  const data = all.slice(1);
  if (!data.length) throw new HttpError(400, 'bad_request', 'The file has no one to add under its first line.');
  if (data.length > IMPORT_MAX_ROWS)
    throw new HttpError(400, 'bad_request', `A file may add at most ${IMPORT_MAX_ROWS} people; this one has ${data.length}.`);

  const { rows: inst } = await db.query<{ sub_end: Date }>('SELECT sub_end FROM institutions WHERE id = $1', [institutionId]);
  const lastDay = day(new Date(inst[0].sub_end.getTime() - 1));
  const today = day(new Date());
  const emails = data.map((r) => (r.cells[col.email] ?? '').trim().toLowerCase());
  const { rows: known } = await db.query<{ email: string }>(
    'SELECT email FROM users WHERE institution_id = $1 AND email = ANY($2::text[])',
    [institutionId, emails],
  );
  const members = new Set(known.map((r) => r.email));
  const seen = new Map<string, number>();

  const rows: ImportRow[] = data.map((r, i) => {
    const raw = { email: (r.cells[col.email] ?? '').trim(), name: (r.cells[col.name] ?? '').trim() };
    const until = col.until >= 0 ? (r.cells[col.until] ?? '').trim() : '';
    const email = emails[i];
    const row = { line: r.line, email: raw.email, name: raw.name, until: until || null };
    const refuse = (error: string): ImportRow => ({ ...row, status: 'error', error });
    if ([raw.email, raw.name, until].some((v) => looksLikeFormula(v)))
      return refuse('A cell starts with =, +, - or @, which a spreadsheet runs as a formula: remove that character.');
    if ([raw.email, raw.name, until].some((v) => !NO_CONTROL.test(v))) return refuse('A cell holds characters that are not text.');
    if (!email) return refuse('The e-mail address is missing.');
    if (email.length > 254 || !EMAIL_PATTERN.test(email)) return refuse('That is not an e-mail address.');
    if (!raw.name) return refuse('The name is missing.');
    if (raw.name.length > NAME_MAX) return refuse(`Keep the name under ${NAME_MAX} characters.`);
    if (until) {
      if (!DATE.test(until) || day(new Date(`${until}T00:00:00Z`)) !== until) return refuse('Write the last day of access as YYYY-MM-DD.');
      if (until < today) return refuse('The last day of access has passed.');
      if (until > lastDay) return refuse(`Access cannot run past the subscription's last day, ${lastDay}.`);
    }
    const first = seen.get(email);
    if (first !== undefined) return refuse(`This address is on line ${first} already.`);
    seen.set(email, r.line);
    if (members.has(email)) return { ...row, email, status: 'member', error: null };
    return { ...row, email, status: 'invite', error: null };
  });
  const count = (s: ImportRow['status']) => rows.filter((r) => r.status === s).length;
  return { rows, invite: count('invite'), members: count('member'), errors: count('error') };
}

/** Imports the rows of the file that check out, in one transaction: an account is made for an
 * address without one, an existing account joins (as the institution's own invitation, which
 * also forgets a removal; someone reading through another live institution is not moved), and
 * each is queued an invitation; audited once (`member.import`). The rows with errors are left. */
export async function importMembers(db: Db, institutionId: number, csv: string, actorId: number): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    await lockInvitations(tx, institutionId);
    const preview = await checkImport(tx, institutionId, csv);
    const invite = preview.rows.filter((r) => r.status === 'invite');
    const sent = await invitedToday(tx, institutionId);
    if (sent + invite.length > INVITES_PER_DAY)
      throw new HttpError(
        429,
        'too_many_invitations',
        `Your institution may send ${INVITES_PER_DAY} invitations a day; ${Math.max(0, INVITES_PER_DAY - sent)} are left today.`,
      );
    for (const r of invite) {
      const [first, ...rest] = r.name.split(/\s+/);
      const until = r.until ? endOf(r.until) : null;
      const made = await tx.query<{ id: number }>(
        `INSERT INTO users (uuid, email, first_name, last_name, institution_id, access_ends_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING RETURNING id`,
        [crypto.randomUUID(), r.email, first, rest.join(' '), institutionId, until],
      );
      let userId = made.rows[0]?.id;
      if (!userId) {
        userId = (await tx.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [r.email])).rows[0].id;
        await joinInstitution(tx, userId, institutionId, { until, readmit: true });
      }
      await tx.query('INSERT INTO member_invitations (institution_id, user_id, email, invited_by) VALUES ($1, $2, $3, $4)', [
        institutionId,
        userId,
        r.email,
        actorId,
      ]);
    }
    const result = { invited: invite.length, members: preview.members, errors: preview.errors };
    if (invite.length)
      await recordAudit(tx, { actorId, institutionId, action: 'member.import', target: `${invite.length}`, before: null, after: result });
    return result;
  });
}

/** Queues an invitation again for a member with an e-mail address, unless one was queued in the
 * last INVITE_GAP_MINUTES (decided under a lock per institution, so two clicks at once mail
 * once); audited (`member.invite`). Returns why not, or null when queued. */
export async function inviteAgain(db: Db, institutionId: number, memberId: number, actorId: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    await lockInvitations(tx, institutionId);
    const { rows } = await tx.query<{ email: string | null; recent: boolean }>(
      `SELECT u.email, EXISTS (SELECT 1 FROM member_invitations v WHERE v.user_id = u.id
                AND v.created_at > now() - make_interval(mins => $3)) AS recent
       FROM users u WHERE u.id = $1 AND u.institution_id = $2`,
      [memberId, institutionId, INVITE_GAP_MINUTES],
    );
    const m = rows[0];
    if (!m) return 'There is no such member.';
    if (!m.email) return 'This member has no e-mail address.';
    if (m.recent) return `Invited in the last ${INVITE_GAP_MINUTES} minutes already.`;
    if ((await invitedToday(tx, institutionId)) >= INVITES_PER_DAY)
      return `Your institution may send ${INVITES_PER_DAY} invitations a day.`;
    await tx.query('INSERT INTO member_invitations (institution_id, user_id, email, invited_by) VALUES ($1, $2, $3, $4)', [
      institutionId,
      memberId,
      m.email,
      actorId,
    ]);
    await recordAudit(tx, { actorId, institutionId, action: 'member.invite', target: m.email, before: null, after: { invited: true } });
    return null;
  });
}

/** Tries a mail this many times at most. */
const MAX_TRIES = 5;

/** Sends the invitations not sent yet (each taken by one process only: SKIP LOCKED), a batch at a
 * time; a mail the server refuses is tried again on the next run, MAX_TRIES times at most.
 * Returns how many were sent. */
export async function deliverInvitations(db: Db, mailer: Mailer, publicUrl: string): Promise<number> {
  let sent = 0;
  let after = '0';
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; email: string; institution: string }>(
        `SELECT v.id::text, v.email, i.name AS institution FROM member_invitations v JOIN institutions i ON i.id = v.institution_id
         WHERE v.sent_at IS NULL AND v.tries < $1 AND v.id > $2::bigint ORDER BY v.id LIMIT 20 FOR UPDATE OF v SKIP LOCKED`,
        [MAX_TRIES, after],
      );
      for (const v of rows) {
        let ok = true;
        try {
          await mailer.send(invitationMail(v.email, v.institution, `${publicUrl}/login/email`));
        } catch {
          ok = false;
        }
        await tx.query(`UPDATE member_invitations SET tries = tries + 1, sent_at = CASE WHEN $2 THEN now() END WHERE id = $1`, [v.id, ok]);
        if (ok) sent++;
      }
      after = rows.at(-1)?.id ?? after;
      return rows.length;
    });
    if (batch < 20) return sent;
  }
}
