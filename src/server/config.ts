// Every environment variable the server reads, in one place (the README lists the same).
import path from 'node:path';
import { defaultPoolSize } from './workers/pool';
import { OTP_LENGTH_DEFAULT } from '../shared/validation';
import { DEFAULT_MAX_LAG_MS } from './db/replica';
import type { Claims } from './claims';
import { parseDnsServers } from './services/domain-proof';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  mediaDir: string;
  databaseUrl?: string;
  /** PostgreSQL: connections at most, and the default time limit of one statement (0 = none). */
  databasePoolMax: number;
  databaseStatementTimeoutMs: number;
  /** A streaming replica of DATABASE_URL for reads, and how far behind it may be (db/replica.ts). */
  databaseReadUrl?: string;
  databaseReadMaxLagMs: number;
  /** Listening on loopback only, not NODE_ENV=production and behind no proxy (TRUST_PROXY unset):
   * the one kind of start where the demo's published logins may exist (demo/guard.ts). */
  localOnly: boolean;
  /** Load the demo library into an empty database on start: DEMO=1 or 0, unset means localOnly. */
  demo: boolean;
  /** Number of demo titles (about 200 by default; tests use fewer). */
  demoTitles: number;
  /** "<issuer> <client id> <client secret>": Demo University's OpenID provider. */
  demoSso?: string;
  /** The networks of the demo's "this network" Smart Reading Zone (DEMO_ZONE_CIDR; empty: none). */
  demoZoneCidr: string[];
  /** REQUEST_LOG=1: a log line per request (off: start, stop, warnings, errors and jobs only). */
  requestLog: boolean;
  /** /metrics (Prometheus): a bearer token for it on the main port, and/or a port of its own on
   * loopback; with neither it is not served at all. */
  metricsToken?: string;
  metricsPort?: number;
  /** RADIUS_ACCT_PORT: the UDP port of the RADIUS accounting listener (unset: no listener; 0: any free port). */
  radiusAcctPort?: number;
  /** RADIUS_ACCT_HOST: the address it binds to (default HOST). */
  radiusAcctHost: string;
  /** RADIUS_ACCT_RATE: packets a second taken from one source address (a burst of twice that). */
  radiusAcctRate: number;
  /** Where the built app lives (vite build output). */
  appDir: string;
  logLevel: string;
  /** How long serialised /content answers are reused (0 = off). */
  contentCacheMs: number;
  /** Memory the /content answers may take together (least recently used go first). */
  contentCacheMb: number;
  /** Expensive queries (searches): longest run on PostgreSQL, and how many run at once per process
   * (as many again times 4 wait; beyond that a 503 "busy"). */
  searchTimeoutMs: number;
  searchConcurrency: number;
  /** SMTP server for mail (unset: write mail to the outbox). */
  smtpUrl?: string;
  mailFrom: string;
  /** Files never served over HTTP (institution ID uploads). */
  privateDir: string;
  /** Mail and SMS written here when no SMTP server / SMS gateway is set. */
  outboxDir: string;
  /** Digits in a one-time code (spec §5: 4). */
  otpLength: number;
  /** The address users reach the service at, for links in mail (e.g. unsubscribe). */
  publicUrl: string;
  /** SAML_METADATA_PRIVATE: identity provider metadata may be fetched from loopback and private
   * addresses (default: when NODE_ENV is not production); otherwise only public https. */
  samlPrivateMetadata: boolean;
  /** How long a reader token (and so a page image URL) stays valid. */
  readerTokenMinutes: number;
  /** Default download limits where an institution sets none: issues at once, devices. */
  downloadLimit: number;
  deviceLimit: number;
  /** Which proxies may name the client in X-Forwarded-For: false (none, the default), a hop
   * count, or addresses/CIDRs/'loopback' (Fastify's trustProxy). */
  trustProxy: boolean | number | string[];
  /** Requests per minute one IP address may make to /api and /content (0 = no cap). */
  rateLimitPerMinute: number;
  /** SUSHI requests one client (IP address) may make per hour, counted in the database (0 = no cap). */
  sushiRequestsPerHour: number;
  /** Slow clients: time to send the headers, the whole request, idle time on a socket, and how
   * long an idle keep-alive connection stays open (behind a load balancer: above its idle timeout). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** DNS resolvers for checking institutions' domain records (empty: the system's). */
  dnsServers: string[];
  /** Web Push: the contact the push services see in the VAPID token (mailto: or https:). */
  vapidSubject: string;
  /** Hosts a push subscription's endpoint may name ("*.example.com" for any subdomain): pushes are
   * sent only there, so a subscription cannot make the server post to an address of its choice. */
  pushServiceHosts: string[];
  /** Several processes (issue 16): server processes sharing the port (PostgreSQL only), the
   * longest wait for a database connection before a 503, and how long shutdown waits for
   * in-flight requests before it gives up on them. */
  workers: number;
  databaseConnectTimeoutMs: number;
  shutdownTimeoutMs: number;
  /** Personal plans (issue 17): Stripe's secret key and webhook signing secret (both set, or
   * payments are not configured), and another API address for the SDK (stripe-mock, a stand-in). */
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  stripeApiUrl?: string;
  /** Bulk import (issue 14): the largest PDF the admins' upload endpoint takes (INGEST_UPLOAD_MAX_MB). */
  ingestUploadMaxBytes: number;
  /** Worker threads that render an ingest's pages (INGEST_WORKERS); 0 renders on the main thread. */
  ingestWorkers: number;
  /** Uploads one admin may have queued or running at once (INGEST_QUEUE_PER_ADMIN, at least 1). */
  ingestQueuePerAdmin: number;
  /** App links (spec §1, the store apps): the Android package and its signing certificates'
   * SHA-256 fingerprints, the iOS app ("<team id>.<bundle id>") and its App Store id. */
  androidAppId?: string;
  androidCertSha256: string[];
  iosAppId?: string;
  iosAppStoreId?: string;
  /** Media on S3-compatible object storage (S3_BUCKET set); unset: the local MEDIA_DIR. */
  s3?: S3Config;
  /** Spec §1 marketing claims on home and /appdownload (CLAIM_TITLES, CLAIM_CATEGORIES, CLAIM_LANGUAGES; 0 hides one). */
  claims: Claims;
}

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
export function parseS3(env: NodeJS.ProcessEnv): S3Config | undefined {
  const named = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].filter((k) => env[k]);
  if (!env.S3_BUCKET) {
    if (named.length) throw new Error(`${named.join(', ')} set but S3_BUCKET is not: set S3_BUCKET to keep media in object storage`);
    return undefined;
  }
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    // Most S3-compatible servers want bucket-in-path URLs; AWS itself prefers bucket subdomains.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== '0' && env.S3_FORCE_PATH_STYLE !== 'false' : !!env.S3_ENDPOINT,
  };
}

/** The browsers' push services (Chrome and Edge's FCM, Firefox, Windows, Safari). */
export const PUSH_SERVICE_HOSTS_DEFAULT = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

/** VAPID_SUBJECT, else mailto: the address in MAIL_FROM, else push@ the host of PUBLIC_URL. */
export function vapidSubject(env: NodeJS.ProcessEnv, mailFrom: string, publicUrl: string): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? /^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(mailFrom)?.[1];
  if (address) return `mailto:${address}`;
  let host = 'lectern.local';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // an unusable PUBLIC_URL keeps the placeholder host
  }
  return `mailto:push@${host}`;
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
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** TRUST_PROXY: unset, empty, 0 or false trusts no proxy; a number is a hop count; anything else
 * is a comma list of addresses, CIDRs or proxy-addr names such as loopback. */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const v = (value ?? '').trim();
  if (!v || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** An address only this machine can reach: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** An on/off variable (DEMO, REQUEST_LOG): 1 or 0 (true/false, yes/no, on/off); unset or empty is
 * the fallback; anything else stops the start rather than guess. */
export function parseSwitch(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const v = (env[name] ?? '').trim().toLowerCase();
  if (!v) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new Error(`${name} must be 1 or 0, not "${env[name]}"`);
}

/** RADIUS_ACCT_PORT: unset or empty is no listener; else a port number (0: any free one, for tests). */
function parseRadiusPort(value: string | undefined): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (!/^\d{1,5}$/.test(v) || Number(v) > 65535) throw new Error(`RADIUS_ACCT_PORT must be a port number, not "${v}"`);
  return Number(v);
}

/** METRICS_PORT: unset or empty is none; else a port number. */
function parseMetricsPort(value: string | undefined): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (!/^\d{1,5}$/.test(v) || Number(v) < 1 || Number(v) > 65535) throw new Error(`METRICS_PORT must be a port number, not "${v}"`);
  return Number(v);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const host = env.HOST ?? '127.0.0.1';
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const localOnly = isLoopbackHost(host) && env.NODE_ENV !== 'production' && trustProxy === false;
  const metricsToken = env.METRICS_TOKEN?.trim() || undefined;
  // A guessable token would make the metrics public after all.
  if (metricsToken && metricsToken.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  const mailFrom = env.MAIL_FROM ?? 'Lectern <no-reply@lectern.local>';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`).replace(/\/$/, '');
  return {
    host,
    localOnly,
    port: Number(env.PORT ?? 8080),
    dataDir,
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: Math.max(1, Number(env.DATABASE_POOL_MAX ?? 10) || 10),
    databaseStatementTimeoutMs: Math.max(0, Number(env.DATABASE_STATEMENT_TIMEOUT_MS ?? 15_000) || 0),
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    databaseReadMaxLagMs: Math.max(0, Number(env.DATABASE_READ_MAX_LAG_MS ?? DEFAULT_MAX_LAG_MS) || 0),
    // DEMO unset: the demo only where its published logins reach nobody else.
    demo: parseSwitch(env, 'DEMO', localOnly),
    demoTitles: Number(env.DEMO_TITLES ?? 200),
    demoSso: env.DEMO_SSO || undefined,
    demoZoneCidr: parseDemoZoneCidr(env.DEMO_ZONE_CIDR, localOnly),
    requestLog: parseSwitch(env, 'REQUEST_LOG', false),
    metricsToken,
    metricsPort: parseMetricsPort(env.METRICS_PORT),
    radiusAcctPort: parseRadiusPort(env.RADIUS_ACCT_PORT),
    radiusAcctHost: env.RADIUS_ACCT_HOST?.trim() || host,
    radiusAcctRate: Math.max(1, Number(env.RADIUS_ACCT_RATE ?? 200) || 200),
    appDir: path.resolve(env.APP_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    contentCacheMs: Number(env.CONTENT_CACHE_MS ?? 30_000),
    contentCacheMb: Math.max(0, Number(env.CONTENT_CACHE_MB ?? 32)),
    searchTimeoutMs: Math.max(100, Number(env.SEARCH_TIMEOUT_MS ?? 5000)),
    searchConcurrency: Math.max(1, Number(env.SEARCH_CONCURRENCY ?? 4)),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom,
    privateDir: path.join(dataDir, 'private'),
    outboxDir: path.resolve(env.OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    otpLength: Math.min(8, Math.max(4, Number(env.OTP_LENGTH ?? OTP_LENGTH_DEFAULT))),
    readerTokenMinutes: Math.max(1, Number(env.READER_TOKEN_MINUTES ?? 30)),
    downloadLimit: Math.max(0, Number(env.DOWNLOAD_LIMIT ?? 10)),
    deviceLimit: Math.max(0, Number(env.DEVICE_LIMIT ?? 3)),
    trustProxy,
    rateLimitPerMinute: Math.max(0, Number(env.RATE_LIMIT_PER_MINUTE ?? 1200)),
    sushiRequestsPerHour: Math.max(0, Number(env.SUSHI_REQUESTS_PER_HOUR ?? 300)),
    headersTimeoutMs: Math.max(1000, Number(env.HEADERS_TIMEOUT_MS ?? 10_000)),
    requestTimeoutMs: Math.max(1000, Number(env.REQUEST_TIMEOUT_MS ?? 120_000)),
    idleTimeoutMs: Math.max(1000, Number(env.IDLE_TIMEOUT_MS ?? 60_000)),
    keepAliveTimeoutMs: Math.max(1000, Number(env.KEEP_ALIVE_TIMEOUT_MS ?? 10_000)),
    publicUrl,
    samlPrivateMetadata: parseSwitch(env, 'SAML_METADATA_PRIVATE', env.NODE_ENV !== 'production'),
    dnsServers: parseDnsServers(env.DNS_SERVERS),
    vapidSubject: vapidSubject(env, mailFrom, publicUrl),
    pushServiceHosts: env.PUSH_SERVICE_HOSTS
      ? env.PUSH_SERVICE_HOSTS.split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean)
      : PUSH_SERVICE_HOSTS_DEFAULT,
    workers: Math.min(64, Math.max(1, Math.floor(Number(env.WORKERS ?? 1)) || 1)),
    databaseConnectTimeoutMs: Math.max(100, Number(env.DATABASE_CONNECT_TIMEOUT_MS ?? 5000) || 5000),
    shutdownTimeoutMs: Math.max(1000, Number(env.SHUTDOWN_TIMEOUT_MS ?? 30_000) || 30_000),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    s3: parseS3(env),
    ingestUploadMaxBytes: Math.max(1, Number(env.INGEST_UPLOAD_MAX_MB ?? 200) || 200) * 1024 * 1024,
    ingestQueuePerAdmin: Math.max(1, Math.floor(Number(env.INGEST_QUEUE_PER_ADMIN ?? 10)) || 10),
    ingestWorkers: env.INGEST_WORKERS ? Math.min(8, Math.max(0, Math.floor(Number(env.INGEST_WORKERS)) || 0)) : defaultPoolSize(),
    ...appLinkConfig(env),
    claims: {
      titles: parseClaim(env, 'CLAIM_TITLES', 10_000),
      categories: parseClaim(env, 'CLAIM_CATEGORIES', 40),
      languages: parseClaim(env, 'CLAIM_LANGUAGES', 60),
    },
  };
}

// ---------- marketing claims (issue 17) ----------

/** A claim is a whole number up to a billion; anything else stops the start (a claim the page
 * would print as "NaN+" is worse than none). */
export function parseClaim(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const v = env[name]?.trim();
  if (!v) return fallback;
  if (!/^\d{1,10}$/.test(v) || Number(v) > 1e9) throw new Error(`${name} must be a whole number (0 hides the claim), not "${v}"`);
  return Number(v);
}

// ---------- app links (issue 17) ----------

/** ANDROID_CERT_SHA256: a comma list of SHA-256 fingerprints, with or without colons; a wrong one
 * stops the start (a store app that cannot verify its links fails silently on the phone). */
export function parseCertFingerprints(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const hex = s.replace(/:/g, '').toUpperCase();
      if (!/^[0-9A-F]{64}$/.test(hex)) throw new Error(`ANDROID_CERT_SHA256: '${s}' is not a SHA-256 fingerprint (64 hex digits)`);
      return hex.match(/../g)!.join(':');
    });
}

function appLinkConfig(env: NodeJS.ProcessEnv) {
  const androidAppId = env.ANDROID_APP_ID?.trim() || undefined;
  if (androidAppId && !/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/.test(androidAppId))
    throw new Error(`ANDROID_APP_ID: '${androidAppId}' is not an Android package name (e.g. org.lectern.app)`);
  const iosAppId = env.IOS_APP_ID?.trim() || undefined;
  if (iosAppId && !/^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/.test(iosAppId))
    throw new Error(`IOS_APP_ID: '${iosAppId}' is not "<team id>.<bundle id>" (e.g. ABCDE12345.org.lectern.app)`);
  const iosAppStoreId = env.IOS_APP_STORE_ID?.trim() || undefined;
  if (iosAppStoreId && !/^\d{1,15}$/.test(iosAppStoreId))
    throw new Error(`IOS_APP_STORE_ID: '${iosAppStoreId}' is not an App Store id (digits)`);
  return { androidAppId, androidCertSha256: parseCertFingerprints(env.ANDROID_CERT_SHA256), iosAppId, iosAppStoreId };
}
