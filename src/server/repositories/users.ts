// Accounts: finding and creating users, their institution and entitlement, and the user
// details of spec §3 that the login and details answers carry.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index';
import type { Contact, EmailPreferences, UserInfo } from '../../shared/schemas/account';
import { USER_AGE_RATE_DEFAULT } from '../../shared/constants';
import { accessEnds, hasLiveAccess, institutionForDomain, joinInstitution, sectionOpen } from './membership';
import { revokeSessions } from './sessions';

/** One string per contact, used as the key of codes and limits: email:x@y or mobile:+91 98…. */
export function contactKey(c: Contact): string {
  return c.channel === 'email' ? `email:${c.email}` : `mobile:${c.countryCode} ${c.mobile}`;
}
/** Parses a stored contact key (email:… / mobile:+…) back into a Contact. */
export function contactFromKey(key: string): Contact {
  const [channel, value] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  if (channel === 'email') return { channel: 'email', email: value };
  const [countryCode, mobile] = value.split(' ');
  return { channel: 'mobile', countryCode, mobile };
}
export function contactValue(c: Contact): string {
  return c.channel === 'email' ? c.email : `${c.countryCode}${c.mobile}`;
}

export interface UserRow {
  id: number;
  uuid: string;
  email: string | null;
  mobile: string | null;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  user_type: 'user' | 'guest';
  created_at: Date;
}

export async function findUserByContact(db: Queryable, c: Contact): Promise<UserRow | null> {
  const column = c.channel === 'email' ? 'email' : 'mobile';
  const { rows } = await db.query<UserRow>(`SELECT * FROM users WHERE ${column} = $1`, [contactValue(c)]);
  return rows[0] ?? null;
}

/** The accounts with these e-mail addresses (compared in lower case), with their password hashes. */
export async function usersByEmail(db: Queryable, emails: readonly string[]) {
  const { rows } = await db.query<{ id: number; email: string; password_hash: string | null }>(
    'SELECT id, email, password_hash FROM users WHERE lower(email) = ANY($1::text[]) ORDER BY id',
    [emails.map((e) => e.toLowerCase())],
  );
  return rows;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(`SELECT * FROM users WHERE id = $1`, [id]);
  return rows[0];
}

/** A new account for a verified contact, linked to an institution by its e-mail domain. */
export async function createUser(db: Queryable, c: Contact): Promise<UserRow> {
  const email = c.channel === 'email' ? c.email : null;
  const mobile = c.channel === 'mobile' ? contactValue(c) : null;
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (uuid, email, mobile, email_verified, mobile_verified)
     VALUES ($1, $2::text, $3::text, $2::text IS NOT NULL, $3::text IS NOT NULL) RETURNING *`,
    [crypto.randomUUID(), email, mobile],
  );
  const institution = await institutionForDomain(db, email);
  if (institution) await joinInstitution(db, rows[0].id, institution);
  return rows[0];
}

/** A new guest account made on the device `uniqId`, holding the key whose hash is given. */
export async function createGuest(db: Queryable, uniqId: string, keyHash: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (uuid, user_type, uniq_id, guest_key_hash) VALUES ($1, 'guest', $2, $3) RETURNING id`,
    [crypto.randomUUID(), uniqId, keyHash],
  );
  return rows[0].id;
}

/** The guest account holding this key (noting the device it is used on now), or null. */
export async function guestByKey(db: Queryable, keyHash: string, uniqId: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE users SET uniq_id = $2 WHERE guest_key_hash = $1 AND user_type = 'guest' RETURNING id`,
    [keyHash, uniqId],
  );
  return rows[0]?.id ?? null;
}

/** Gives a guest account made before guest keys its key; false when it has one already. */
export async function bindGuestKey(db: Queryable, userId: number, keyHash: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE users SET guest_key_hash = $2 WHERE id = $1 AND user_type = 'guest' AND guest_key_hash IS NULL RETURNING id`,
    [userId, keyHash],
  );
  return rows.length > 0;
}

/** On each sign-in: an account without live access joins the institution its e-mail domain names
 * now (so a reader whose access code ended is back with their own institution), if the domain
 * counted when the account was made: one proven later does not move accounts that existed before. */
export async function linkByDomain(db: Queryable, user: UserRow): Promise<void> {
  const institution = await institutionForDomain(db, user.email, new Date(user.created_at));
  if (institution && !(await hasLiveAccess(db, user.id))) await joinInstitution(db, user.id, institution);
}

export function splitName(full: string): { first: string; last: string } {
  const parts = full.trim().split(/\s+/);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

const epoch = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** Spec §3 user details. Access ends at the institution's subscription end, or earlier when an
 * access code gave it (access_ends_at). */
export async function userInfo(db: Queryable, userId: number): Promise<UserInfo> {
  const { rows } = await db.query<{
    uuid: string;
    first_name: string;
    last_name: string;
    email: string | null;
    mobile: string | null;
    user_type: 'user' | 'guest';
    password_hash: string | null;
    uploaded_id: boolean;
    age_rate: number;
    inst_id: number | null;
    inst_name: string | null;
    inst_age: number | null;
    logo1: string | null;
    logo2: string | null;
    logo3: string | null;
    contact_email: string | null;
    newspapers: boolean | null;
    journals: boolean | null;
    ends_at: Date | null;
    fav_lud: Date | null;
    plan_ends: Date | null;
    console_role: 'librarian' | 'admin' | null;
  }>(
    `SELECT u.uuid, u.first_name, u.last_name, u.email, u.mobile, u.user_type, u.password_hash, u.uploaded_id, u.age_rate,
            i.id AS inst_id, i.name AS inst_name, i.age_rating AS inst_age, i.logo1, i.logo2, i.logo3, i.contact_email,
            ${sectionOpen('i', 'c', 'newspapers')} AS newspapers, ${sectionOpen('i', 'c', 'journals')} AS journals,
            CASE WHEN i.id IS NULL THEN NULL ELSE ${accessEnds('u', 'i')} END AS ends_at,
            (SELECT max(changed_at) FROM favourites f WHERE f.user_id = u.id AND NOT f.removed) AS fav_lud,
            (SELECT max(ends_at) FROM orders o WHERE o.user_id = u.id AND o.state = 'paid' AND o.starts_at <= now() AND o.ends_at > now()) AS plan_ends,
            (SELECT role FROM console_roles r WHERE r.user_id = u.id) AS console_role
     FROM users u LEFT JOIN institutions i ON i.id = u.institution_id LEFT JOIN access_codes c ON c.id = u.access_code_id
     WHERE u.id = $1`,
    [userId],
  );
  const u = rows[0];
  const media = (file: string | null) => (file ? `/media/${file}` : '');
  const flag = (v: boolean | null) => (v === false ? 0 : 1);
  const isActive = u.ends_at !== null && u.ends_at.getTime() > Date.now();
  return {
    status: 1,
    uid: Buffer.from(u.uuid).toString('base64'),
    uuid: u.uuid,
    fname: u.first_name,
    lname: u.last_name,
    email: u.email,
    mobile: u.mobile,
    usertype: u.user_type,
    libid: u.inst_id ?? 0,
    libName: u.inst_name ?? '',
    enddate: epoch(u.ends_at),
    planEnds: epoch(u.plan_ends),
    isNewspaper: flag(u.newspapers),
    isJournal: flag(u.journals),
    isMycontent: 0,
    isLibContentAvailable: isActive ? 1 : 0,
    fav_lud: epoch(u.fav_lud),
    bk_lud: 0,
    uploadedID: u.uploaded_id ? 1 : 0,
    agerate: String(u.age_rate ?? USER_AGE_RATE_DEFAULT),
    ageRating: u.inst_age ?? 0,
    hasPassword: u.password_hash !== null,
    libraryDetails: u.inst_id
      ? { name: u.inst_name ?? '', logo1: media(u.logo1), logo2: media(u.logo2), logo3: media(u.logo3), contact: u.contact_email ?? '' }
      : null,
    mode: u.user_type === 'user' && !u.first_name ? 3 : 1,
    consoleRole: u.console_role,
  };
}

// --- The account's own changes (routes/api/user.ts, the password reset). ---

/** Completes sign-up: the name and a first password. False when the account has a password
 * already (also when two completions race). */
export async function completeSignup(db: Queryable, userId: number, first: string, last: string, passwordHash: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE users SET first_name = $2, last_name = $3, password_hash = $4 WHERE id = $1 AND password_hash IS NULL RETURNING id`,
    [userId, first, last, passwordHash],
  );
  return rows.length > 0;
}

export async function setName(db: Queryable, userId: number, first: string, last: string): Promise<void> {
  await db.query(`UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1`, [userId, first, last]);
}

/** A new password, and the user's sessions end (all, or all but the one that changed it): both
 * or neither. */
export async function setPassword(db: Db, userId: number, passwordHash: string, keepSession?: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [userId, passwordHash]);
    await revokeSessions(tx, userId, { except: keepSession });
  });
}

/** Records a deletion request (the housekeeping job deletes the account when due) and ends every
 * session: both or neither. Returns the address to confirm to and the date. */
export async function requestDeletion(db: Db, userId: number, days: number): Promise<{ email: string | null; delete_after: Date }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string | null; delete_after: Date }>(
      `UPDATE users SET delete_after = now() + make_interval(days => $2) WHERE id = $1 RETURNING email, delete_after`,
      [userId, days],
    );
    await revokeSessions(tx, userId, {});
    return rows[0];
  });
}

export async function emailPreferences(db: Queryable, userId: number): Promise<EmailPreferences> {
  const { rows } = await db.query<{ email_prefs: EmailPreferences }>(`SELECT email_prefs FROM users WHERE id = $1`, [userId]);
  return rows[0].email_prefs;
}

export async function setEmailPreferences(db: Queryable, userId: number, prefs: EmailPreferences): Promise<void> {
  await db.query(`UPDATE users SET email_prefs = $2 WHERE id = $1`, [userId, JSON.stringify(prefs)]);
}

/** The unsubscribe link: no optional mail to this address any more. */
export async function unsubscribeAll(db: Queryable, email: string): Promise<void> {
  await db.query(`UPDATE users SET email_prefs = '{"newIssues": false, "recommendations": false, "productNews": false}' WHERE email = $1`, [
    email,
  ]);
  // Monthly reports a librarian set up for the address: its owner can stop them without an account.
  await db.query('DELETE FROM report_subscriptions WHERE lower(email) = lower($1)', [email]);
}

/** Marks the contact the user just proved with a code. */
export async function markVerified(db: Queryable, userId: number, channel: Contact['channel']): Promise<void> {
  await db.query(`UPDATE users SET ${channel === 'email' ? 'email_verified' : 'mobile_verified'} = true WHERE id = $1`, [userId]);
}

/** Whether another account already has this address or number. */
export async function contactTaken(db: Queryable, c: Contact, userId: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM users WHERE ${c.channel === 'email' ? 'email' : 'mobile'} = $1 AND id <> $2`, [
    contactValue(c),
    userId,
  ]);
  return rows.length > 0;
}

/** Adds a proven address or number to the account. */
export async function setVerifiedContact(db: Queryable, userId: number, c: Contact): Promise<void> {
  const column = c.channel === 'email' ? 'email' : 'mobile';
  await db.query(`UPDATE users SET ${column} = $2, ${column}_verified = true WHERE id = $1`, [userId, contactValue(c)]);
}

/** After an institution's sign-in: the address it vouched for is verified (if it is the
 * account's), and an account without a name takes the provider's. */
export async function applySsoProfile(db: Queryable, userId: number, email: string, firstName: string, lastName: string): Promise<void> {
  await db.query(
    `UPDATE users SET email_verified = email_verified OR email = $4,
       first_name = CASE WHEN first_name = '' THEN $2 ELSE first_name END,
       last_name = CASE WHEN first_name = '' THEN $3 ELSE last_name END
     WHERE id = $1`,
    [userId, firstName, lastName, email],
  );
}
