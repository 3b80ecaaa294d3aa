// Demo institutions, one per access state, with generated logos at 1x/2x/3x; demo users and
// an access code. Subscription windows are relative to now so each state stays true.
import { createRequire } from 'node:module';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import type { Queryable } from '../db/index';
import type { MediaStorage } from '../media/storage';
import { rng, seededUuid } from './random';
import { hashPassword } from '../services/passwords';

export interface DemoInstitution {
  id: number;
  name: string;
  domain: string;
  conCode: string;
  state: string;
}

const require = createRequire(import.meta.url);
let fontReady = false;
function logoFont(): string {
  if (!fontReady) {
    GlobalFonts.registerFromPath(require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'), 'LecternLogo');
    fontReady = true;
  }
  return 'LecternLogo';
}

const DAY = 86_400_000;
export const DEMO_INSTITUTIONS = [
  {
    name: 'Demo University',
    short: 'DU',
    domain: 'demo.edu',
    conCode: 'DEMO-U',
    colour: '#1f3a5f',
    state: 'active',
    startDays: -200,
    endDays: 365,
    newspapers: true,
    journals: true,
    ageRating: 9,
  },
  {
    name: 'Old Town College',
    short: 'OT',
    domain: 'expired.edu',
    conCode: 'OLD-TOWN',
    colour: '#6b2d2d',
    state: 'expired',
    startDays: -400,
    endDays: -30,
    newspapers: true,
    journals: true,
    ageRating: 9,
  },
  {
    name: 'Basic Public School',
    short: 'BS',
    domain: 'basic.edu',
    conCode: 'BASIC-S',
    colour: '#2d5b3a',
    state: 'active, magazines only',
    startDays: -100,
    endDays: 365,
    newspapers: false,
    journals: false,
    ageRating: 5,
  },
] as const;

/** A crest with the initials beside the name, at width w (3:1). */
function drawLogo(short: string, name: string, colour: string, w: number): Uint8Array {
  const h = w / 3;
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.roundRect(0, 0, h, h, h * 0.18);
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.font = `${Math.round(h * 0.42)}px ${logoFont()}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(short, h / 2, h / 2);
  ctx.fillStyle = colour;
  ctx.textAlign = 'left';
  ctx.font = `${Math.round(h * 0.24)}px ${logoFont()}`;
  const [first, ...rest] = name.split(' ');
  ctx.fillText(first, h * 1.15, h * 0.35);
  ctx.fillText(rest.join(' '), h * 1.15, h * 0.7);
  return c.toBuffer('image/png');
}

export async function seedInstitutions(tx: Queryable, storage: MediaStorage, accessCode: string): Promise<DemoInstitution[]> {
  const now = Date.now();
  const out: DemoInstitution[] = [];
  for (const i of DEMO_INSTITUTIONS) {
    const [logo1, logo2, logo3] = await Promise.all(
      [120, 240, 360].map((w) => storage.save('public', drawLogo(i.short, i.name, i.colour, w), 'png')),
    );
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO institutions (name, con_code, logo1, logo2, logo3, sub_start, sub_end, newspapers, journals, country, age_rating, contact_email)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'IN', $10, $11) RETURNING id`,
      [
        i.name,
        i.conCode,
        logo1,
        logo2,
        logo3,
        new Date(now + i.startDays * DAY),
        new Date(now + i.endDays * DAY),
        i.newspapers,
        i.journals,
        i.ageRating,
        `librarian@${i.domain}`,
      ],
    );
    // The demo's domains count from the start, as if a Lectern admin had approved them.
    await tx.query(
      `INSERT INTO institution_domains (institution_id, domain, token, proof, proven_at)
       VALUES ($1, $2, replace(gen_random_uuid()::text, '-', ''), 'admin', now())`,
      [rows[0].id, i.domain],
    );
    out.push({ id: rows[0].id, name: i.name, domain: i.domain, conCode: i.conCode, state: i.state });
  }
  await tx.query(`INSERT INTO access_codes (code, institution_id, ends_at, max_uses) VALUES ($1, $2, $3, 500)`, [
    accessCode,
    out[0].id,
    new Date(now + 180 * DAY),
  ]);
  return out;
}

interface DemoUser {
  email: string;
  first: string;
  last: string;
  /** Index in DEMO_INSTITUTIONS, or null for none. */
  institution: number | null;
  /** A librarian (of their institution) or an admin, in the library console. */
  console?: 'librarian' | 'admin';
  /** Access that ends this many days from now, before the subscription (as an access code gives). */
  accessDays?: number;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'reader@demo.edu', first: 'Asha', last: 'Rao', institution: 0 },
  { email: 'reader@expired.edu', first: 'Vikram', last: 'Sen', institution: 1 },
  { email: 'reader@basic.edu', first: 'Meera', last: 'Iyer', institution: 2 },
  { email: 'visitor@example.com', first: 'Sam', last: 'Taylor', institution: null },
  { email: 'librarian@demo.edu', first: 'Nandini', last: 'Kulkarni', institution: 0, console: 'librarian' },
  { email: 'admin@example.com', first: 'Ravi', last: 'Menon', institution: null, console: 'admin' },
  // Members whose access ends soon and ended, for the console's member list.
  { email: 'rohan.das@demo.edu', first: 'Rohan', last: 'Das', institution: 0, accessDays: 20 },
  { email: 'priya.nair@demo.edu', first: 'Priya', last: 'Nair', institution: 0, accessDays: -12 },
];

/** Every demo reader's password on a local-only start, as the README publishes it (8 to 64
 * characters, and not on the common-password list). */
export const DEMO_PASSWORD = 'read2026';
/** The demo's access code on a local-only start, as the README publishes it. */
export const DEMO_ACCESS_CODE = 'READ-DEMO-2026';

export async function seedUsers(
  tx: Queryable,
  institutions: DemoInstitution[],
  seed: number,
  passwordFor: (email: string) => string,
): Promise<void> {
  const r = rng(seed + 7);
  // One hash per distinct password: the published one is shared by every demo reader.
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string) => hashes.get(password) ?? hashes.set(password, hashPassword(password)).get(password)!;
  for (const u of DEMO_USERS) {
    const passwordHash = await hashOf(passwordFor(u.email));
    const inst = u.institution === null ? null : institutions[u.institution].id;
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO users (uuid, email, email_verified, first_name, last_name, institution_id, password_hash, access_ends_at)
       VALUES ($1, $2, true, $3, $4, $5, $6, $7) RETURNING id`,
      [
        seededUuid(r),
        u.email,
        u.first,
        u.last,
        inst,
        passwordHash,
        u.accessDays === undefined ? null : new Date(Date.now() + u.accessDays * DAY),
      ],
    );
    if (u.console)
      await tx.query('INSERT INTO console_roles (user_id, role, institution_id) VALUES ($1, $2, $3)', [
        rows[0].id,
        u.console,
        u.console === 'librarian' ? inst : null,
      ]);
  }
}
