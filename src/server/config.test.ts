import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS_PATH, renderConfigDocs } from '../../scripts/config-docs';
import { loadConfig, PUSH_SERVICE_HOSTS_DEFAULT } from './config';
import { defaultPoolSize } from './workers/pool';

describe('loadConfig: defaults', () => {
  it('an empty environment gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      localOnly: true,
      demo: true,
      dataDir: path.resolve('data'),
      mediaDir: path.resolve('data/media'),
      privateDir: path.resolve('data/private'),
      outboxDir: path.resolve('data/outbox'),
      appDir: path.resolve('dist'),
      databasePoolMax: 10,
      databaseStatementTimeoutMs: 15_000,
      databaseConnectTimeoutMs: 5000,
      databaseIdleTimeoutMs: 0,
      databaseReadMaxLagMs: 2000,
      demoTitles: 200,
      demoZoneCidr: [],
      logLevel: 'info',
      requestLog: false,
      radiusAcctHost: '127.0.0.1',
      radiusAcctRate: 200,
      contentCacheMs: 30_000,
      contentCacheMb: 32,
      searchTimeoutMs: 5000,
      searchConcurrency: 4,
      mailFrom: 'Lectern <no-reply@lectern.local>',
      otpLength: 6,
      publicUrl: 'http://localhost:8080',
      samlPrivateMetadata: true,
      readerTokenMinutes: 30,
      downloadLimit: 10,
      deviceLimit: 3,
      trustProxy: false,
      rateLimitPerMinute: 1200,
      sushiRequestsPerHour: 300,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      idleTimeoutMs: 60_000,
      keepAliveTimeoutMs: 10_000,
      dnsServers: [],
      vapidSubject: 'mailto:no-reply@lectern.local',
      pushServiceHosts: PUSH_SERVICE_HOSTS_DEFAULT,
      workers: 1,
      shutdownTimeoutMs: 30_000,
      ingestUploadMaxBytes: 200 * 1024 * 1024,
      ingestQueuePerAdmin: 10,
      ingestWorkers: defaultPoolSize(),
      androidCertSha256: [],
      claims: { titles: 10_000, categories: 40, languages: 60 },
    });
    for (const unset of [
      'databaseUrl',
      'databaseReadUrl',
      'demoSso',
      'metricsToken',
      'metricsPort',
      'radiusAcctPort',
      'smtpUrl',
      's3',
    ] as const)
      expect(c[unset], unset).toBeUndefined();
  });

  it('an empty or blank value is the same as unset; values are trimmed', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', HOST: '  ', WORKERS: ' 2 ' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      host: '127.0.0.1',
      workers: 2,
    });
  });

  it('derived defaults follow the variables they come from', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/lectern',
      MAIL_FROM: 'Library <lib@example.org>',
      NODE_ENV: 'production',
    });
    expect(c).toMatchObject({
      publicUrl: 'http://localhost:9000',
      radiusAcctHost: '0.0.0.0',
      mediaDir: '/srv/lectern/media',
      outboxDir: '/srv/lectern/outbox',
      vapidSubject: 'mailto:lib@example.org',
      samlPrivateMetadata: false,
      localOnly: false,
      demo: false,
    });
    expect(loadConfig({ MAIL_FROM: 'Lectern', PUBLIC_URL: 'https://read.example.org/' })).toMatchObject({
      publicUrl: 'https://read.example.org',
      vapidSubject: 'mailto:push@read.example.org',
    });
  });
});

describe('loadConfig: a bad value stops the start, naming the variable and what it takes', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error(`${JSON.stringify(env)} was taken`);
  };

  it('numbers: not a number, a fraction, an exponent, a sign, out of range, huge, a NUL byte', () => {
    expect(refusal({ PORT: 'abc' })).toBe('PORT must be a whole number from 0 to 65535, got "abc"');
    expect(refusal({ PORT: '65536' })).toBe('PORT must be a whole number from 0 to 65535, got "65536"');
    expect(refusal({ DATABASE_POOL_MAX: 'ten' })).toBe('DATABASE_POOL_MAX must be a whole number from 1 up, got "ten"');
    expect(refusal({ DATABASE_POOL_MAX: '0' })).toBe('DATABASE_POOL_MAX must be a whole number from 1 up, got "0"');
    expect(refusal({ SEARCH_TIMEOUT_MS: '50' })).toBe('SEARCH_TIMEOUT_MS must be a whole number from 100 up, got "50"');
    expect(refusal({ OTP_LENGTH: '9' })).toBe('OTP_LENGTH must be a whole number from 4 to 8, got "9"');
    for (const bad of ['2.5', '1e3', '-1', '+3', '0x10', '99999999999999999999', '10\u0000'])
      expect(refusal({ RATE_LIMIT_PER_MINUTE: bad }), bad).toBe(
        `RATE_LIMIT_PER_MINUTE must be a whole number from 0 up, got ${JSON.stringify(bad)}`,
      );
  });

  it('switches, lists, addresses and names', () => {
    expect(refusal({ REQUEST_LOG: 'maybe' })).toBe('REQUEST_LOG must be 1 or 0, got "maybe"');
    expect(refusal({ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'sometimes' })).toBe('S3_FORCE_PATH_STYLE must be 1 or 0, got "sometimes"');
    expect(refusal({ LOG_LEVEL: 'loud' })).toBe('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"');
    expect(refusal({ PUBLIC_URL: 'read.example.org' })).toBe('PUBLIC_URL must be an http: or https: URL, got "read.example.org"');
    expect(refusal({ STRIPE_API_URL: 'ftp://127.0.0.1' })).toMatch(/^STRIPE_API_URL must be an http: or https: URL/);
    expect(refusal({ VAPID_SUBJECT: 'ops@example.org' })).toBe('VAPID_SUBJECT must be a mailto: or https: address, got "ops@example.org"');
    expect(refusal({ DNS_SERVERS: '1.1.1.1,resolver' })).toBe(
      'DNS_SERVERS must be a comma list of IP addresses with optional ports, got "1.1.1.1,resolver"',
    );
    expect(refusal({ ANDROID_CERT_SHA256: 'AB:CD' })).toMatch(/^ANDROID_CERT_SHA256 must be a comma list of SHA-256 fingerprints/);
    expect(refusal({ IOS_APP_STORE_ID: 'id123' })).toBe('IOS_APP_STORE_ID must be an App Store id (digits), got "id123"');
  });

  it('a secret is not repeated in the message', () => {
    expect(refusal({ METRICS_TOKEN: 'hunter2' })).toBe(
      'METRICS_TOKEN must be at least 16 characters (a guessable token would make the metrics public after all)',
    );
  });

  it('every bad variable is named at once, one a line', () => {
    expect(refusal({ PORT: 'x', WORKERS: 'y', DEMO: 'z' }).split('\n')).toEqual([
      'PORT must be a whole number from 0 to 65535, got "x"',
      'WORKERS must be a whole number from 1 to 64, got "y"',
      'DEMO must be 1 or 0, got "z"',
    ]);
  });

  it('variables that go together', () => {
    expect(refusal({ S3_REGION: 'eu-west-1' })).toMatch(/^S3_REGION set but S3_BUCKET is not/);
    expect(refusal({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AKIA' })).toBe('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  });
});

describe('loadConfig: a full environment round-trips', () => {
  it('every variable set to a value that is not its default arrives as given', () => {
    const cert = 'ab'.repeat(32);
    const c = loadConfig({
      HOST: '0.0.0.0',
      PORT: '9443',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://read.example.org/',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      APP_DIR: '/srv/app',
      WORKERS: '4',
      WARM_UP: '0',
      SHUTDOWN_TIMEOUT_MS: '5000',
      HEADERS_TIMEOUT_MS: '2000',
      REQUEST_TIMEOUT_MS: '3000',
      IDLE_TIMEOUT_MS: '4000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      RATE_LIMIT_PER_MINUTE: '0',
      CONTENT_CACHE_MS: '0',
      CONTENT_CACHE_MB: '64',
      SEARCH_CONCURRENCY: '8',
      SEARCH_TIMEOUT_MS: '250',
      LOG_LEVEL: 'warn',
      REQUEST_LOG: 'yes',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      METRICS_PORT: '9100',
      DATA_DIR: '/srv/data',
      DATABASE_URL: 'postgres://lectern@db/lectern',
      DATABASE_POOL_MAX: '25',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_CONNECT_TIMEOUT_MS: '700',
      DATABASE_IDLE_TIMEOUT_MS: '60000',
      DATABASE_READ_URL: 'postgres://lectern@replica/lectern',
      DATABASE_READ_MAX_LAG_MS: '500',
      MEDIA_DIR: '/srv/media',
      S3_BUCKET: 'lectern-media',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'off',
      INGEST_UPLOAD_MAX_MB: '50',
      INGEST_QUEUE_PER_ADMIN: '2',
      INGEST_WORKERS: '0',
      DEMO: 'on',
      DEMO_TITLES: '12',
      DEMO_SSO: 'https://idp.example.org client secret',
      DEMO_ZONE_CIDR: '192.168.1.0/24, 10.1.0.0/16',
      SMTP_URL: 'smtp://mail.example.org:587',
      MAIL_FROM: 'Library <lib@example.org>',
      OUTBOX_DIR: '/srv/outbox',
      OTP_LENGTH: '8',
      READER_TOKEN_MINUTES: '5',
      DOWNLOAD_LIMIT: '0',
      DEVICE_LIMIT: '1',
      SAML_METADATA_PRIVATE: '1',
      DNS_SERVERS: '1.1.1.1, [2606:4700::1111]:53',
      SUSHI_REQUESTS_PER_HOUR: '0',
      VAPID_SUBJECT: 'https://example.org/contact',
      PUSH_SERVICE_HOSTS: 'Push.Example.org, *.push.example.net',
      RADIUS_ACCT_PORT: '1813',
      RADIUS_ACCT_HOST: '10.0.0.5',
      RADIUS_ACCT_RATE: '50',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      ANDROID_APP_ID: 'org.lectern.app',
      ANDROID_CERT_SHA256: cert,
      IOS_APP_ID: 'ABCDE12345.org.lectern.app',
      IOS_APP_STORE_ID: '1234567890',
      CLAIM_TITLES: '250000',
      CLAIM_CATEGORIES: '0',
      CLAIM_LANGUAGES: '61',
    });
    expect(c).toEqual({
      host: '0.0.0.0',
      port: 9443,
      localOnly: false,
      dataDir: '/srv/data',
      mediaDir: '/srv/media',
      privateDir: '/srv/data/private',
      outboxDir: '/srv/outbox',
      appDir: '/srv/app',
      databaseUrl: 'postgres://lectern@db/lectern',
      databasePoolMax: 25,
      databaseStatementTimeoutMs: 0,
      databaseConnectTimeoutMs: 700,
      databaseIdleTimeoutMs: 60_000,
      databaseReadUrl: 'postgres://lectern@replica/lectern',
      databaseReadMaxLagMs: 500,
      demo: true,
      demoTitles: 12,
      demoSso: 'https://idp.example.org client secret',
      demoZoneCidr: ['192.168.1.0/24', '10.1.0.0/16'],
      logLevel: 'warn',
      requestLog: true,
      warmUp: false,
      metricsToken: 'a-long-enough-metrics-token',
      metricsPort: 9100,
      radiusAcctPort: 1813,
      radiusAcctHost: '10.0.0.5',
      radiusAcctRate: 50,
      contentCacheMs: 0,
      contentCacheMb: 64,
      searchTimeoutMs: 250,
      searchConcurrency: 8,
      smtpUrl: 'smtp://mail.example.org:587',
      mailFrom: 'Library <lib@example.org>',
      otpLength: 8,
      publicUrl: 'https://read.example.org',
      samlPrivateMetadata: true,
      readerTokenMinutes: 5,
      downloadLimit: 0,
      deviceLimit: 1,
      trustProxy: ['10.0.0.0/8', 'loopback'],
      rateLimitPerMinute: 0,
      sushiRequestsPerHour: 0,
      headersTimeoutMs: 2000,
      requestTimeoutMs: 3000,
      idleTimeoutMs: 4000,
      keepAliveTimeoutMs: 65_000,
      dnsServers: ['1.1.1.1', '[2606:4700::1111]:53'],
      vapidSubject: 'https://example.org/contact',
      pushServiceHosts: ['push.example.org', '*.push.example.net'],
      workers: 4,
      shutdownTimeoutMs: 5000,
      stripeSecretKey: 'sk_test_x',
      stripeWebhookSecret: 'whsec_x',
      stripeApiUrl: 'http://127.0.0.1:12111',
      s3: {
        bucket: 'lectern-media',
        endpoint: 'http://minio:9000',
        region: 'eu-west-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: false,
      },
      ingestUploadMaxBytes: 50 * 1024 * 1024,
      ingestQueuePerAdmin: 2,
      ingestWorkers: 0,
      androidAppId: 'org.lectern.app',
      androidCertSha256: [cert.toUpperCase().match(/../g)!.join(':')],
      iosAppId: 'ABCDE12345.org.lectern.app',
      iosAppStoreId: '1234567890',
      claims: { titles: 250_000, categories: 0, languages: 61 },
    });
  });
});

describe('docs/configuration.md', () => {
  it('is what the schema says: every variable, in its group', () => {
    const page = renderConfigDocs();
    for (const name of ['PORT', 'DATABASE_POOL_MAX', 'S3_FORCE_PATH_STYLE', 'CLAIM_LANGUAGES', 'INGEST_WORKERS'])
      expect(page).toContain(`| \`${name}\` |`);
    expect(page).toContain('| `INGEST_WORKERS` | cores, at most 4 |');
    expect(page).toContain('| `PUSH_SERVICE_HOSTS` | `fcm.googleapis.com,');
    const committed = fs.existsSync(CONFIG_DOCS_PATH) ? fs.readFileSync(CONFIG_DOCS_PATH, 'utf8') : '';
    expect(committed === page, 'docs/configuration.md is not what the schema says: run npm run docs:config').toBe(true);
  });
});
