// Limits kept in the database so every server process counts the same tries. A try is spent
// first, in one atomic statement, and only then checked: a burst of concurrent requests cannot
// all pass a check before any of them is counted. Windows slide: the previous window's count
// weighs in for the part of it the sliding window still covers.
import type { Queryable } from '../db/index';
import { HttpError } from '../http-error';
import { PLACE_PASSES_PER_DAY, ZONE_TOKEN_USES_PER_DAY } from '../../shared/zones';
import { pruneCounters, readCounter, refundCounter, spendCounter, type CounterWindow } from '../repositories/rate-limits';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export const LIMITS = {
  /** Codes sent to one e-mail address or mobile number (also keeps a mailbox from being flooded). */
  otpSendPerContact: { bucket: 'otp-send', max: 5, windowMs: HOUR },
  otpSendPerIp: { bucket: 'otp-send-ip', max: 30, windowMs: HOUR },
  /** Codes sent to addresses with no account yet at one institution e-mail domain, from one
   * client: one stranger cannot use up the domain's ceiling below and close it to newcomers. */
  otpSendNewPerDomainClient: { bucket: 'otp-send-new-domain-client', max: 20, windowMs: HOUR },
  /** The same over all clients: new members of an institution cannot be minted without bound
   * (every code sent there is at most one guess once codeFailNewPerDomain is reached). */
  otpSendNewPerDomain: { bucket: 'otp-send-new-domain', max: 200, windowMs: HOUR },
  /** Wrong codes or passwords for one account from one client: a stranger's failures do not
   * lock the owner out on their own device. */
  loginFailPerContactIp: { bucket: 'login-fail-contact-ip', max: 10, windowMs: DAY },
  loginFailPerIp: { bucket: 'login-fail-ip', max: 50, windowMs: HOUR },
  /** Wrong codes for addresses with no account yet at one institution e-mail domain, from one
   * client (429 past it: the client's own failures). */
  codeFailNewPerDomainClient: { bucket: 'code-fail-new-domain-client', max: 20, windowMs: HOUR },
  /** The same over all clients: a ceiling that refuses nobody. Past it each code at the domain
   * allows one try, so a right code (its reader knows it) still signs in while a guesser gets one
   * guess per code sent (services/otp.ts). */
  codeFailNewPerDomain: { bucket: 'code-fail-new-domain', max: 100, windowMs: HOUR },
  /** Account-wide ceiling for wrong passwords only: a code still signs the owner in. */
  passwordFailPerContact: { bucket: 'password-fail', max: 100, windowMs: DAY },
  /** Wrong access codes. */
  couponFailPerUser: { bucket: 'coupon-fail', max: 10, windowMs: HOUR },
  couponFailPerIp: { bucket: 'coupon-fail-ip', max: 30, windowMs: HOUR },
  /** Wrong on-site codes of Smart Reading Zones (6 digits, two valid at a time): a guesser's
   * chance is 1 in 50,000 a day per account; a reader who mistypes has ten goes. */
  zoneCodeFailPerUser: { bucket: 'zone-code-fail', max: 10, windowMs: DAY },
  zoneCodeFailPerIp: { bucket: 'zone-code-fail-ip', max: 30, windowMs: HOUR },
  /** Poster QR tokens one reader (account or guest) may use a day (ZONE_TOKEN_USES_PER_DAY). */
  zoneTokenPerUser: { bucket: 'zone-token', max: ZONE_TOKEN_USES_PER_DAY, windowMs: DAY },
  /** Zone passes one account may start by place (PLACE_PASSES_PER_DAY, shared/zones.ts). */
  placePassesPerDay: { bucket: 'zone-place-pass', max: PLACE_PASSES_PER_DAY, windowMs: DAY },
  /** Contact-form messages (each sends a confirmation mail). */
  contactPerIp: { bucket: 'contact-ip', max: 10, windowMs: HOUR },
  /** Acknowledgements of contact-form messages to one address: the form cannot flood a mailbox. */
  contactAckPerAddress: { bucket: 'contact-ack', max: 3, windowMs: DAY },
  /** Institution ID uploads one reader may send (each is decoded and redrawn). */
  idUploadPerUser: { bucket: 'id-upload', max: 3, windowMs: DAY },
  /** DNS checks of a domain's proof record: per institution and domain, and per institution, so
   * the console's Check button cannot be used to flood resolvers (or a domain's name servers). */
  domainCheckPerClaim: { bucket: 'domain-check', max: 10, windowMs: HOUR },
  domainCheckPerInstitution: { bucket: 'domain-check-inst', max: 30, windowMs: HOUR },
  /** SAML answers refused at the assertion service for one client (each is parsed and its
   * signature checked); answers that sign in are given back. */
  samlFailPerIp: { bucket: 'saml-fail-ip', max: 60, windowMs: HOUR },
  /** Identity provider metadata fetched for one institution (an admin's Save). */
  samlMetadataPerInstitution: { bucket: 'saml-metadata', max: 30, windowMs: HOUR },
  /** SUSHI calls from one client, whatever they ask (a report costs a database read): max is
   * config.sushiRequestsPerHour. A harvester takes a dozen calls per institution and month. */
  sushiPerClient: { bucket: 'sushi-client', max: 300, windowMs: HOUR },
} as const;
export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

/** A limit and the key it counts (a contact, an account, an IP address). */
export type Check = [Limit, string];

export const tooMany = () => new HttpError(429, 'too_many_requests', 'Too many attempts. Please try again later.');

/** The address a request counts under. Fastify reads it from the socket, which is gone once the
 * client hung up (a page closed mid-request): those count together. An IPv6 client counts by its
 * /64 network, which one subscriber usually holds whole (one address each would be no limit). */
export const clientIp = (req: { ip: string | undefined }): string => {
  const ip = req.ip;
  if (!ip) return 'gone';
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
};

/** The network a client address belongs to, for what counts networks rather than addresses: an
 * IPv4 /24, an IPv6 /48 (a site; clientIp already counts IPv6 by /64). */
export const clientNetwork = (req: { ip: string | undefined }): string => {
  const ip = clientIp(req);
  if (ip.endsWith('::/64')) return `${ip.split(':').slice(0, 3).join(':')}::/48`;
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(ip);
  return v4 ? `${v4[1]}.0/24` : ip;
};

/** The current window, and how much of the previous one the sliding window still covers. */
function windowOf(limit: Limit, key: string, now: number): { w: CounterWindow; weight: number } {
  const win = Math.floor(now / limit.windowMs);
  return { w: { bucket: limit.bucket, key, win, windowMs: limit.windowMs }, weight: 1 - (now - win * limit.windowMs) / limit.windowMs };
}

/** Spends one try against one limit; the window it was counted in, or null when the limit is reached. */
export async function spendOne(db: Queryable, [limit, key]: Check, now = Date.now()): Promise<CounterWindow | null> {
  const { w, weight } = windowOf(limit, key, now);
  const previous = await readCounter(db, { ...w, win: w.win - 1 });
  const n = await spendCounter(db, w, limit.max - Math.ceil(previous * weight));
  return n === null ? null : w;
}

/** Counts once in the current fixed window only (e.g. an alert raised once per hour). */
export async function spendInWindow(db: Queryable, [limit, key]: Check, now = Date.now()): Promise<boolean> {
  return (await spendCounter(db, windowOf(limit, key, now).w, limit.max)) !== null;
}

/** Spends one try against each limit, then checks: 429 when any is reached (the tries spent on
 * the others are given back). Returns what was spent, for `refund`. */
export async function spend(db: Queryable, checks: Check[]): Promise<CounterWindow[]> {
  const spent: CounterWindow[] = [];
  for (const check of checks) {
    const w = await spendOne(db, check);
    if (!w) {
      await refund(db, spent);
      throw tooMany();
    }
    spent.push(w);
  }
  return spent;
}

/** Gives spent tries back (the attempt turned out not to be a failure). */
export async function refund(db: Queryable, spent: CounterWindow[]): Promise<void> {
  for (const w of spent) await refundCounter(db, w);
}

/** How many tries the limit has counted for the key over its sliding window. */
export async function counted(db: Queryable, [limit, key]: Check, now = Date.now()): Promise<number> {
  const { w, weight } = windowOf(limit, key, now);
  return (await readCounter(db, w)) + Math.ceil((await readCounter(db, { ...w, win: w.win - 1 })) * weight);
}

/** Forgets counters past their windows (run by the housekeeping job). */
export const pruneRateEvents = pruneCounters;
