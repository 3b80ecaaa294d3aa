// Every environment variable the server reads, in one schema: its type, its check, its default and
// a line for docs/configuration.md (written from this file by `npm run docs:config`). A bad value
// stops the start with a message naming the variable; an empty value is the same as unset.
import path from 'node:path';
import { z } from 'zod';
import { defaultPoolSize } from './workers/pool';
import { OTP_LENGTH_DEFAULT } from '../shared/validation';
import { DEFAULT_MAX_LAG_MS } from './db/replica';
import { parseDnsServers } from './services/domain-proof';

/** What docs/configuration.md says of a variable: what it does, and its default where the schema
 * cannot say it (one worked out from other variables). */
interface VariableDoc {
  doc: string;
  shownDefault?: string;
}

const documented = <T extends z.ZodType>(schema: T, doc: string, shownDefault?: string): T =>
  schema.meta({ doc, shownDefault } satisfies VariableDoc);

/** Variables whose value a refusal does not repeat (it would land in a log). */
const SECRETS = new Set(['METRICS_TOKEN']);

/** The documentation of a variable's schema (for scripts/config-docs.ts). */
export const variableDoc = (schema: z.ZodType) => schema.meta() as VariableDoc | undefined;

// ---------- kinds of value: each refusal is the end of "<NAME> must be ..." ----------

const text = () => z.string();

/** Digits only (no sign, exponent or fraction), from min to max. */
function whole(min: number, max?: number) {
  const rule = max === undefined ? `a whole number from ${min} up` : `a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,15}$/, rule)
    .transform(Number)
    .refine((n) => n >= min && (max === undefined || n <= max), rule);
}

const port = (min = 0) => whole(min, 65535);

const ON = ['1', 'true', 'yes', 'on'];
const OFF = ['0', 'false', 'no', 'off'];
/** An on/off variable: 1 or 0 (true/false, yes/no, on/off); anything else stops the start rather than guess. */
const onOff = () =>
  z
    .string()
    .refine((v) => [...ON, ...OFF].includes(v.toLowerCase()), '1 or 0')
    .transform((v) => ON.includes(v.toLowerCase()));

const commaList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function httpUrl(rule = 'an http: or https: URL') {
  return z.string().refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, rule);
}

/** ANDROID_CERT_SHA256: a wrong fingerprint stops the start (a store app that cannot verify its
 * links fails silently on the phone). */
const fingerprints = z
  .string()
  .refine(
    (v) => commaList(v).every((s) => /^[0-9A-F]{64}$/i.test(s.replace(/:/g, ''))),
    'a comma list of SHA-256 fingerprints (64 hex digits, colons optional)',
  )
  .transform((v) => commaList(v).map((s) => s.replace(/:/g, '').toUpperCase().match(/../g)!.join(':')));

/** A comma list of SHA-256 fingerprints, as AA:BB:… (upper case, colons). */
export const parseCertFingerprints = (value: string | undefined): string[] => (value?.trim() ? fingerprints.parse(value) : []);

/** TRUST_PROXY: unset, empty, 0 or false trusts no proxy; a number is a hop count; anything else
 * is a comma list of addresses, CIDRs or proxy-addr names such as loopback. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim();
  if (!v || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return commaList(v);
}

/** The browsers' push services (Chrome and Edge's FCM, Firefox, Windows, Safari). */
export const PUSH_SERVICE_HOSTS_DEFAULT = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

// ---------- the variables, grouped as docs/configuration.md shows them ----------

const server = z.object({
  HOST: documented(
    text().default('127.0.0.1'),
    'Address to listen on (`0.0.0.0` to reach it from a phone on the same network: then the demo needs `DEMO=1` and gets random logins). A loopback `HOST` with `NODE_ENV` not `production` and no `TRUST_PROXY` is a local-only start, the one where the demo’s published logins may exist.',
  ),
  PORT: documented(port().default(8080), 'The one port for the app, `/api`, `/content` and `/media`.'),
  NODE_ENV: documented(
    text().optional(),
    '`production`: a production start even on loopback (behind a proxy on the same machine): no demo unless `DEMO=1`, and a database holding the demo’s accounts is refused.',
  ),
  PUBLIC_URL: documented(
    httpUrl().optional(),
    'The address readers use, for links in mail (unsubscribe) and the SSO redirect URI (`$PUBLIC_URL/login/sso/success`). On `https:` it also says visitors arrive over TLS: HSTS and `Secure` cookies on every answer, whether or not `TRUST_PROXY` lets the server see `X-Forwarded-Proto`.',
    '`http://localhost:$PORT`',
  ),
  TRUST_PROXY: documented(
    z.string().transform(parseTrustProxy).default(false),
    'Unset: no proxy is trusted, the client address is the socket’s and `X-Forwarded-For` is ignored. Behind a reverse proxy: a hop count (`1`), a comma list of addresses or CIDRs (`10.0.0.0/8,192.168.1.4`), or `loopback`. It decides every per-client limit, the access log and whether a request came over HTTPS. Unset while requests carry `X-Forwarded-For`: one warning in the log.',
    'unset (no proxy)',
  ),
  APP_DIR: documented(text().default('./dist'), 'The built app to serve (`vite build` output).'),
  WORKERS: documented(
    whole(1, 64).default(1),
    'Server processes sharing the port (node:cluster); more than 1 needs `DATABASE_URL` (PGlite is one process: the server refuses to start, with one line).',
  ),
  WARM_UP: documented(
    onOff().default(true),
    'Before it listens, each process asks itself what a phone’s first visit asks (home, listings, titles, covers) and a reader’s (as a session that does not exist), and on PostgreSQL warms every pooled connection; it reads only, at most 5 s, so that no reader meets its cold code. `0`: listen at once.',
  ),
  SHUTDOWN_TIMEOUT_MS: documented(
    whole(1000).default(30_000),
    'On SIGTERM/SIGINT, how long requests in flight and open connections may take to finish before the process exits anyway (exit code 1).',
  ),
  HEADERS_TIMEOUT_MS: documented(whole(1000).default(10_000), 'How long a client may take to send its headers (then 408).'),
  REQUEST_TIMEOUT_MS: documented(whole(1000).default(120_000), 'How long a client may take to send its whole request (then 408).'),
  IDLE_TIMEOUT_MS: documented(whole(1000).default(60_000), 'An idle socket is closed after this long.'),
  KEEP_ALIVE_TIMEOUT_MS: documented(
    whole(1000).default(10_000),
    'How long an idle keep-alive connection stays open between requests (behind a load balancer: above its idle timeout).',
  ),
  RATE_LIMIT_PER_MINUTE: documented(
    whole(0).default(1200),
    'Requests a client address may make to `/api` and `/content` a minute (page images excepted); `0` turns the cap off. A campus behind one NAT address shares it: raise it there.',
  ),
  CONTENT_CACHE_MS: documented(whole(0).default(30_000), 'How long serialised `/content` answers are reused in memory (`0` = off).'),
  CONTENT_CACHE_MB: documented(
    whole(0).default(32),
    'Memory the cached `/content` answers may take together (least recently used go first).',
  ),
  SEARCH_CONCURRENCY: documented(
    whole(1).default(4),
    'Searches running at once per process; 16 times as many wait, beyond that 503 "busy" with `Retry-After`.',
  ),
  SEARCH_TIMEOUT_MS: documented(
    whole(100).default(5000),
    'Longest search on PostgreSQL (503 when it fires; PGlite ignores statement timeouts).',
  ),
});

const logging = z.object({
  LOG_LEVEL: documented(
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'one of fatal, error, warn, info, debug, trace, silent')
      .default('info'),
    'Fastify log level; at `info`: start, stop, warnings, errors and jobs, not a line per request.',
  ),
  REQUEST_LOG: documented(
    onOff().default(false),
    '`1`: a log line when each request arrives and when it is answered (method, URL with credentials redacted, client address, status, time).',
  ),
  METRICS_TOKEN: documented(
    z.string().min(16, 'at least 16 characters (a guessable token would make the metrics public after all)').optional(),
    'Serves Prometheus metrics at `/metrics` on the main port to `Authorization: Bearer <token>` only (at least 16 characters); see `docs/operations.md`.',
  ),
  METRICS_PORT: documented(
    port(1).optional(),
    'Serves `/metrics` on this port on 127.0.0.1, no token; with `WORKERS` the primary serves every worker’s figures summed. Unset with `METRICS_TOKEN` unset: no metrics at all.',
  ),
});

const database = z.object({
  DATA_DIR: documented(
    text().default('./data'),
    'PGlite database (`pg/`), media files (`media/`), private files (`private/`) and the outbox.',
  ),
  DATABASE_URL: documented(text().optional(), 'A PostgreSQL server to use instead of PGlite, e.g. `postgres://user@host/lectern`.'),
  DATABASE_POOL_MAX: documented(
    whole(1).default(10),
    'PostgreSQL connections per server process (its warm-up opens them all before it listens).',
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: documented(
    whole(0).default(15_000),
    'Longest statement the server runs on PostgreSQL, `0` none (command-line tools have none).',
  ),
  DATABASE_CONNECT_TIMEOUT_MS: documented(
    whole(100).default(5000),
    'Longest wait for a PostgreSQL connection (a new one, or a free one from a busy pool); past it the request is a 503 with `Retry-After` instead of a hang.',
  ),
  DATABASE_IDLE_TIMEOUT_MS: documented(
    whole(0).default(0),
    'How long an idle PostgreSQL connection stays open, `0` as long as the server runs: a new connection plans every statement again on cold caches. Set it where connections must be given back (a small managed plan).',
  ),
  DATABASE_READ_URL: documented(
    text().optional(),
    'A streaming replica of `DATABASE_URL` (same database name) that answers the catalogue’s reads. Needs `DATABASE_URL`.',
  ),
  DATABASE_READ_MAX_LAG_MS: documented(
    whole(0).default(DEFAULT_MAX_LAG_MS),
    'How far behind the replica may be before reads go back to the primary; also how long a browser that wrote sends the read-your-writes cookie.',
  ),
});

const media = z.object({
  MEDIA_DIR: documented(
    text().optional(),
    'Where covers and logos (public, `/media/<name>`) and page images (private, `$MEDIA_DIR/pages/`) are stored, content-addressed, when no `S3_BUCKET` is set.',
    '`$DATA_DIR/media`',
  ),
  S3_BUCKET: documented(
    text().optional(),
    'Keep media in this S3-compatible bucket instead of `MEDIA_DIR`; the other `S3_*` without it stop the start with a message.',
  ),
  S3_ENDPOINT: documented(
    httpUrl().optional(),
    'The S3 API address of a non-AWS store, e.g. `http://minio:9000` or `https://<account>.r2.cloudflarestorage.com`.',
    'unset (AWS)',
  ),
  S3_REGION: documented(text().optional(), 'The bucket’s region.', '`us-east-1`'),
  S3_ACCESS_KEY_ID: documented(
    text().optional(),
    'The key pair, with `S3_SECRET_ACCESS_KEY` (both or neither); unset: the AWS SDK’s own chain (environment, profile, instance or task role).',
  ),
  S3_SECRET_ACCESS_KEY: documented(text().optional(), 'The secret of `S3_ACCESS_KEY_ID`.'),
  S3_FORCE_PATH_STYLE: documented(
    onOff().optional(),
    '`http://host/bucket/key` addresses instead of `http://bucket.host/key` (MinIO, Ceph and most S3-compatible stores want `1`).',
    '`1` with `S3_ENDPOINT`, else `0`',
  ),
  INGEST_UPLOAD_MAX_MB: documented(
    whole(1).default(200),
    'The largest PDF the admins’ upload endpoint (`POST /api/console/ingest`) takes; past it 413.',
  ),
  INGEST_QUEUE_PER_ADMIN: documented(
    whole(1).default(10),
    'Uploads one admin may have queued or being imported at once; past it 429 with `Retry-After: 30` until one is over.',
  ),
  INGEST_WORKERS: documented(
    whole(0, 8).optional(),
    'Worker threads that render an ingest’s pages (`npm run ingest`, bulk import, the server’s queue); `0` renders on the main thread.',
    'cores, at most 4',
  ),
});

const demo = z.object({
  DEMO: documented(
    onOff().optional(),
    '`1` loads the demo library into an empty database (beyond a local-only start its passwords and access code are random, printed once); `0` starts with an empty catalogue. A start that is not local-only without `DEMO=1` refuses a database holding the demo’s accounts.',
    '`1` on a local-only start, else `0`',
  ),
  DEMO_TITLES: documented(whole(0, 100_000).default(200), 'Size of the demo library on first start (tests use 40).'),
  DEMO_SSO: documented(
    text().optional(),
    '`"<issuer URL> <client id> <client secret>"`: Demo University signs in through this OpenID provider (applied at every start).',
  ),
  DEMO_ZONE_CIDR: documented(
    text().optional(),
    'Networks of the demo’s “this network” Smart Reading Zone, applied at every start with the demo on: `loopback` (local-only starts only) puts every browser on the machine in it; a LAN range (`192.168.1.0/24`) lets phones in; unset, `off` or empty removes it, so the demo’s expired and no-access flows show.',
    'none',
  ),
});

const accounts = z.object({
  SMTP_URL: documented(
    text().optional(),
    'Mail server for one-time codes and notices, e.g. `smtp://user:pass@smtp.example.org:587`; unset: mail is written to the outbox.',
  ),
  MAIL_FROM: documented(text().default('Lectern <no-reply@lectern.local>'), 'Sender of every mail.'),
  OUTBOX_DIR: documented(
    text().optional(),
    'Where mail (`mail/*.eml`) and SMS (`sms/*.txt`) go when no SMTP server or SMS gateway is set.',
    '`$DATA_DIR/outbox`',
  ),
  OTP_LENGTH: documented(
    whole(4, 8).default(OTP_LENGTH_DEFAULT),
    'Digits in a one-time code (the spec says 4; the app’s code box and every text follow).',
  ),
  READER_TOKEN_MINUTES: documented(
    whole(1).default(30),
    'Life of a reader token, and so of a page image URL (the reader renews its token two minutes before it lapses).',
  ),
  DOWNLOAD_LIMIT: documented(
    whole(0).default(10),
    'Issues a reader may keep downloaded at once over all devices, where the institution sets none (`institutions.download_limit`).',
  ),
  DEVICE_LIMIT: documented(
    whole(0).default(3),
    'Devices a reader may hold downloads on, where the institution sets none (`institutions.device_limit`).',
  ),
  SAML_METADATA_PRIVATE: documented(
    onOff().optional(),
    '`1`: the console may fetch an identity provider’s SAML metadata from loopback and private addresses; `0`: public `https` only (see `docs/saml.md`).',
    'on unless `NODE_ENV=production`',
  ),
  DNS_SERVERS: documented(
    z
      .string()
      .refine((v) => {
        try {
          parseDnsServers(v);
          return true;
        } catch {
          return false;
        }
      }, 'a comma list of IP addresses with optional ports')
      .transform(parseDnsServers)
      .optional(),
    'The DNS resolvers that check institutions’ domain records (`_lectern.<domain>` TXT), a comma list of addresses with optional ports (`1.1.1.1,[2606:4700::1111]:53`).',
    'unset (the system’s resolvers)',
  ),
  SUSHI_REQUESTS_PER_HOUR: documented(
    whole(0).default(300),
    'SUSHI calls (`/sushi/r51/…`) one client address may make an hour, counted in the database so every server process shares the count; past it exception 1020 with HTTP 429 and `Retry-After`. `0` turns the cap off.',
  ),
});

const zones = z.object({
  VAPID_SUBJECT: documented(
    z
      .string()
      .refine((v) => /^(mailto|https):/.test(v), 'a mailto: or https: address')
      .optional(),
    'The contact in Web Push’s VAPID token, which push services use to reach the operator.',
    '`mailto:` the address in `MAIL_FROM`',
  ),
  PUSH_SERVICE_HOSTS: documented(
    z
      .string()
      .transform((v) => commaList(v.toLowerCase()))
      .default(PUSH_SERVICE_HOSTS_DEFAULT),
    'The push services a subscription may name (comma list; `*.` any host below); pushes go nowhere else.',
  ),
  RADIUS_ACCT_PORT: documented(
    port().optional(),
    'The UDP port of the RADIUS accounting listener (`1813` is RADIUS’s; `0` any free port); with `WORKERS` the primary holds the one socket and the workers share it.',
    'unset (off)',
  ),
  RADIUS_ACCT_HOST: documented(text().optional(), 'The address the RADIUS listener binds to.', '`HOST`'),
  RADIUS_ACCT_RATE: documented(
    whole(1).default(200),
    'Packets a second one source address may send the listener (bursts of twice that); the rest are dropped before any work.',
  ),
});

const storeApps = z.object({
  STRIPE_SECRET_KEY: documented(
    text().optional(),
    'Personal plans: Stripe’s secret key. With this or `STRIPE_WEBHOOK_SECRET` unset, payments are not configured: `/plans` says so and the checkout answers 409.',
  ),
  STRIPE_WEBHOOK_SECRET: documented(
    text().optional(),
    'The signing secret (`whsec_…`) of the webhook endpoint `$PUBLIC_URL/webhooks/payments`.',
  ),
  STRIPE_API_URL: documented(
    httpUrl().optional(),
    'Another address for the Stripe SDK’s calls (`http://127.0.0.1:12111` for `stripe-mock`).',
    'unset (Stripe’s API)',
  ),
  ANDROID_APP_ID: documented(
    z
      .string()
      .regex(/^[A-Za-z]\w*(\.[A-Za-z]\w*)+$/, 'an Android package name (e.g. org.lectern.app)')
      .optional(),
    'The Android store app’s package name: with `ANDROID_CERT_SHA256`, `/.well-known/assetlinks.json` names it; alone, `/appdownload` links Google Play.',
  ),
  ANDROID_CERT_SHA256: documented(
    fingerprints.default([]),
    'The SHA-256 fingerprints of the Android app’s signing certificates (comma list, with or without colons).',
  ),
  IOS_APP_ID: documented(
    z
      .string()
      .regex(/^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/, '"<team id>.<bundle id>" (e.g. ABCDE12345.org.lectern.app)')
      .optional(),
    'The iOS store app, `<team id>.<bundle id>`, for `/.well-known/apple-app-site-association`.',
  ),
  IOS_APP_STORE_ID: documented(
    z
      .string()
      .regex(/^\d{1,15}$/, 'an App Store id (digits)')
      .optional(),
    'The iOS app’s numeric App Store id, for the link on `/appdownload`.',
  ),
  CLAIM_TITLES: documented(
    whole(0, 1e9).default(10_000),
    'The titles claim of spec §1 on home and `/appdownload` (“10,000+ titles”); `0` leaves it out.',
  ),
  CLAIM_CATEGORIES: documented(whole(0, 1e9).default(40), 'The categories claim (“40+ categories”); `0` leaves it out.'),
  CLAIM_LANGUAGES: documented(whole(0, 1e9).default(60), 'The languages claim (“60+ languages”); `0` leaves it out.'),
});

/** The groups of docs/configuration.md, in its order. */
export const CONFIG_GROUPS = {
  'Server and network': server,
  'Logs and metrics': logging,
  Database: database,
  'Media and ingest': media,
  Demo: demo,
  'Accounts, mail and limits': accounts,
  'Smart Reading Zone and Web Push': zones,
  'Payments, store apps and claims': storeApps,
};

const envSchema = z.object({
  ...server.shape,
  ...logging.shape,
  ...database.shape,
  ...media.shape,
  ...demo.shape,
  ...accounts.shape,
  ...zones.shape,
  ...storeApps.shape,
});
type Env = z.output<typeof envSchema>;

// ---------- from the variables to the configuration ----------

/** S3_*: where media go when S3_BUCKET is set. Credentials unset: the SDK's own chain (env, profile, instance role). */
export interface S3Config {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** S3_BUCKET turns object storage on; any other S3_* without it is a mistake worth stopping for. */
function s3Config(e: Env): S3Config | undefined {
  if (!e.S3_BUCKET) {
    const named = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter(
      (k) => e[k] !== undefined,
    );
    if (named.length) throw new Error(`${named.join(', ')} set but S3_BUCKET is not: set S3_BUCKET to keep media in object storage`);
    return undefined;
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    // Most S3-compatible servers want bucket-in-path URLs; AWS itself prefers bucket subdomains.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? !!e.S3_ENDPOINT,
  };
}

/** VAPID_SUBJECT, else mailto: the address in MAIL_FROM, else push@ the host of PUBLIC_URL. */
function vapidSubject(value: string | undefined, mailFrom: string, publicUrl: string): string {
  if (value) return value;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? /^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(mailFrom)?.[1];
  if (address) return `mailto:${address}`;
  return `mailto:push@${new URL(publicUrl).hostname || 'lectern.local'}`;
}

/** DEMO_ZONE_CIDR: unset, "off" or empty is no network zone (a zone on the demo's own network
 * would put every browser on the machine in it, and hide the expired and no-access flows);
 * "loopback" is 127.0.0.0/8 and ::1/128, and only on a local-only start (behind a proxy on the same
 * host every visitor comes from loopback); else a comma list of networks (checked when applied). */
export function parseDemoZoneCidr(value: string | undefined, localOnly = true): string[] {
  const v = (value ?? '').trim();
  if (!v || v.toLowerCase() === 'off') return [];
  if (v.toLowerCase() === 'loopback') {
    if (!localOnly)
      throw new Error('DEMO_ZONE_CIDR=loopback is for a local-only start: beyond this machine, name the network (192.168.1.0/24)');
    return ['127.0.0.0/8', '::1/128'];
  }
  return commaList(v);
}

/** An address only this machine can reach: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

function toConfig(e: Env) {
  const dataDir = path.resolve(e.DATA_DIR);
  /** Listening on loopback only, not NODE_ENV=production and behind no proxy (TRUST_PROXY unset):
   * the one kind of start where the demo's published logins may exist (demo/guard.ts). */
  const localOnly = isLoopbackHost(e.HOST) && e.NODE_ENV !== 'production' && e.TRUST_PROXY === false;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    host: e.HOST,
    port: e.PORT,
    localOnly,
    dataDir,
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    /** Files never served over HTTP (institution ID uploads). */
    privateDir: path.join(dataDir, 'private'),
    outboxDir: path.resolve(e.OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    appDir: path.resolve(e.APP_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databaseIdleTimeoutMs: e.DATABASE_IDLE_TIMEOUT_MS,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadMaxLagMs: e.DATABASE_READ_MAX_LAG_MS,
    // DEMO unset: the demo only where its published logins reach nobody else.
    demo: e.DEMO ?? localOnly,
    demoTitles: e.DEMO_TITLES,
    demoSso: e.DEMO_SSO,
    demoZoneCidr: parseDemoZoneCidr(e.DEMO_ZONE_CIDR, localOnly),
    logLevel: e.LOG_LEVEL,
    requestLog: e.REQUEST_LOG,
    warmUp: e.WARM_UP,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    radiusAcctPort: e.RADIUS_ACCT_PORT,
    radiusAcctHost: e.RADIUS_ACCT_HOST ?? e.HOST,
    radiusAcctRate: e.RADIUS_ACCT_RATE,
    contentCacheMs: e.CONTENT_CACHE_MS,
    contentCacheMb: e.CONTENT_CACHE_MB,
    searchTimeoutMs: e.SEARCH_TIMEOUT_MS,
    searchConcurrency: e.SEARCH_CONCURRENCY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    otpLength: e.OTP_LENGTH,
    publicUrl,
    samlPrivateMetadata: e.SAML_METADATA_PRIVATE ?? e.NODE_ENV !== 'production',
    readerTokenMinutes: e.READER_TOKEN_MINUTES,
    downloadLimit: e.DOWNLOAD_LIMIT,
    deviceLimit: e.DEVICE_LIMIT,
    /** false (no proxy), a hop count, or addresses/CIDRs/'loopback' (Fastify's trustProxy). */
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    sushiRequestsPerHour: e.SUSHI_REQUESTS_PER_HOUR,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    idleTimeoutMs: e.IDLE_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    dnsServers: e.DNS_SERVERS ?? [],
    vapidSubject: vapidSubject(e.VAPID_SUBJECT, e.MAIL_FROM, publicUrl),
    pushServiceHosts: e.PUSH_SERVICE_HOSTS,
    workers: e.WORKERS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: e.STRIPE_API_URL,
    s3: s3Config(e),
    ingestUploadMaxBytes: e.INGEST_UPLOAD_MAX_MB * 1024 * 1024,
    ingestQueuePerAdmin: e.INGEST_QUEUE_PER_ADMIN,
    ingestWorkers: e.INGEST_WORKERS ?? defaultPoolSize(),
    androidAppId: e.ANDROID_APP_ID,
    androidCertSha256: e.ANDROID_CERT_SHA256,
    iosAppId: e.IOS_APP_ID,
    iosAppStoreId: e.IOS_APP_STORE_ID,
    claims: { titles: e.CLAIM_TITLES, categories: e.CLAIM_CATEGORIES, languages: e.CLAIM_LANGUAGES },
  };
}

/** A setting that may be unset is an optional property, so a partial configuration (tests, tools)
 * need not name it. */
type Unsettable<T> = { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] } & {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
};
export type Config = Unsettable<ReturnType<typeof toConfig>>;

/** A configuration the server cannot start with; its message names each variable at fault. */
export class ConfigError extends Error {}

/** The configuration from `env`; a bad value stops the start, naming each variable at fault. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const given: Record<string, string> = {};
  for (const name of Object.keys(envSchema.shape)) {
    const v = env[name]?.trim();
    if (v) given[name] = v;
  }
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const faults = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      const got = SECRETS.has(name) ? '' : `, got ${JSON.stringify(given[name])}`;
      if (!faults.has(name)) faults.set(name, `${name} must be ${issue.message}${got}`);
    }
    throw new ConfigError([...faults.values()].join('\n'));
  }
  return toConfig(parsed.data);
}
