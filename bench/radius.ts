// Arrival told by the venue's network, measured end to end: a Lectern server in its own process
// on a throwaway PostgreSQL cluster with the RADIUS accounting listener on, FreeRADIUS's radclient
// sending Accounting-Starts, and the push-service stand-in (tests/support/push-service.ts, which
// checks VAPID and decrypts each push) as every member's phone.
//  1. latency: from radclient's start to the push reaching the stand-in, p50/p95 (target p95 ≤ 2 s);
//  2. 1,000 arrivals of distinct members in a minute (radclient -n), none lost: 1,000 passes, 1,000 pushes;
//  3. a flood of bad packets (wrong secret, from 100 loopback sources, aiming at 10,000 a second)
//     while /api/health and the listener are asked every 100 ms: their latency under the flood, and
//     what the listener counted (METRICS_PORT).
// Usage: npm run bench:radius   (BENCH_FLOOD_S: the flood's length, default 10)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import { openPostgres } from '../src/server/db/index';
import { migrate } from '../src/server/db/migrate';
import { startPostgresCluster } from '../tests/support/postgres-cluster';
import { startServer } from '../tests/support/server-process';
import { loopbackCertificate, startPushService } from '../tests/support/push-service';
import { accountingRequest, radclient } from '../tests/support/radclient';
import { percentile } from './support';

const PORT = 18_480;
const RADIUS_PORT = 18_482;
const METRICS_PORT = 18_483;
const SECRET = 'bench-hall-secret-0123456789';
const NAS = 'bench-hall-ap';
const LATENCY_SAMPLES = 50;
const BULK = 1000;
const FLOOD_S = Number(process.env.BENCH_FLOOD_S ?? 10);
const FLOOD_RATE = 10_000;
const FLOOD_SOURCES = 100;

const ms = (v: number) => `${v.toFixed(1)} ms`;
const summary = (label: string, values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  console.log(`  ${label}: p50 ${ms(percentile(s, 50))}, p95 ${ms(percentile(s, 95))}, max ${ms(s[s.length - 1])} (${s.length} samples)`);
  return s;
};

const cluster = await startPostgresCluster();
cluster.createDatabase('bench_radius');
const url = cluster.url('bench_radius');
const db = await openPostgres(url);
await migrate(db);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-radius-'));
const pems = await loopbackCertificate();
fs.writeFileSync(path.join(tmp, 'cert.pem'), pems.cert);
const push = await startPushService({ tls: pems });
/** When each named push reached the stand-in (polled every 2 ms). */
const arrivedAt = new Map<string, number>();
let seen = 0;
const watcher = setInterval(() => {
  for (; seen < push.received.length; seen++) arrivedAt.set(push.received[seen].name, performance.now());
}, 2);

// One zone, its access point, and 1,000 + samples + flood-probe members each with a phone on the stand-in.
const { rows: zone } = await db.query<{ id: number }>(
  `INSERT INTO zones (name, opens) VALUES ('Bench Hall', '{"all": true}'::jsonb) RETURNING id`,
);
await db.query(`INSERT INTO zone_radius_clients (zone_id, match_by, match_value, secret) VALUES ($1, 'nas_identifier', $2, $3)`, [
  zone[0].id,
  NAS,
  SECRET,
]);
const MEMBERS = BULK + LATENCY_SAMPLES + 200;
const emails = Array.from({ length: MEMBERS }, (_, i) => `bench${i}@campus.example`);
const { rows: users } = await db.query<{ id: number; email: string }>(
  `INSERT INTO users (uuid, email, email_verified, first_name) SELECT gen_random_uuid(), e, true, 'Bench' FROM unnest($1::text[]) e RETURNING id, email`,
  [emails],
);
const subs = users.map((u) => ({ user: u.id, ...push.subscribe(u.email.replace(/\W/g, '-')) }));
await db.query(
  `INSERT INTO push_subscriptions (user_id, device_id, endpoint, p256dh, auth, lang, ping_key_hash)
   SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])`,
  [
    subs.map((s) => s.user),
    subs.map((_, i) => `phone-${i}`),
    subs.map((s) => s.endpoint),
    subs.map((s) => s.json.keys.p256dh),
    subs.map((s) => s.json.keys.auth),
    subs.map(() => 'en'),
    subs.map(() => crypto.randomBytes(32).toString('hex')),
  ],
);
await db.close();
const nameOf = (i: number) => emails[i].replace(/\W/g, '-');
const start = (i: number) => ({
  'User-Name': emails[i],
  'Acct-Status-Type': 'Start',
  'NAS-Identifier': NAS,
  'Acct-Session-Id': `bench-${i}`,
});

const server = await startServer(PORT, {
  DATABASE_URL: url,
  DATA_DIR: tmp,
  DEMO: '0',
  RADIUS_ACCT_PORT: String(RADIUS_PORT),
  METRICS_PORT: String(METRICS_PORT),
  PUSH_SERVICE_HOSTS: '127.0.0.1',
  NODE_EXTRA_CA_CERTS: path.join(tmp, 'cert.pem'),
  RATE_LIMIT_PER_MINUTE: '0',
});
const waitFor = async (names: string[], timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (names.some((n) => !arrivedAt.has(n)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return names.filter((n) => arrivedAt.has(n)).length;
};

try {
  console.log(`bench:radius: ${os.cpus().length} cores, PostgreSQL, one server process, radclient ${RADIUS_PORT}/udp`);

  // 1. Latency, one arrival at a time.
  const latencies: number[] = [];
  const answers: number[] = [];
  for (let i = BULK; i < BULK + LATENCY_SAMPLES; i++) {
    const t0 = performance.now();
    const res = await radclient(RADIUS_PORT, SECRET, start(i), { timeoutS: 2 });
    answers.push(performance.now() - t0);
    if (res.code !== 0) throw new Error(`radclient got no answer: ${res.out}`);
    await waitFor([nameOf(i)], 10_000);
    latencies.push(arrivedAt.get(nameOf(i))! - t0);
  }
  console.log('1. radclient Accounting-Start → push at the push service');
  const lat = summary('start → push', latencies);
  summary('start → Accounting-Response (radclient process included)', answers);
  console.log(`  target p95 ≤ 2,000 ms: ${percentile(lat, 95) <= 2000 ? 'met' : 'MISSED'}`);

  // 2. 1,000 arrivals in a minute: one radclient, 1,000 packets at 17 a second.
  const file = path.join(tmp, 'bulk.txt');
  fs.writeFileSync(
    file,
    Array.from({ length: BULK }, (_, i) =>
      Object.entries(start(i))
        .map(([k, v]) => `${k} = "${v}"`)
        .join(', '),
    ).join('\n\n') + '\n',
  );
  const t0 = Date.now();
  const bulk = await new Promise<number>((resolve) => {
    const child = spawn('radclient', [
      '-q',
      '-s',
      '-n',
      '17',
      '-p',
      '20',
      '-r',
      '3',
      '-t',
      '3',
      '-f',
      file,
      `127.0.0.1:${RADIUS_PORT}`,
      'acct',
      SECRET,
    ]);
    child.stdout.on('data', () => undefined);
    child.on('close', (code) => resolve(code ?? -1));
  });
  const sent = (Date.now() - t0) / 1000;
  const got = await waitFor(
    Array.from({ length: BULK }, (_, i) => nameOf(i)),
    30_000,
  );
  const passes = await (async () => {
    const d = await openPostgres(url);
    const { rows } = await d.query<{ n: number }>(`SELECT count(*)::int AS n FROM zone_passes WHERE zone_id = $1`, [zone[0].id]);
    await d.close();
    return rows[0].n;
  })();
  console.log(`2. ${BULK} arrivals of distinct members in ${sent.toFixed(1)} s (radclient exit ${bulk}: 0 = every packet answered)`);
  console.log(`  pushes received: ${got} of ${BULK}; passes: ${passes - LATENCY_SAMPLES} of ${BULK}; lost: ${BULK - got}`);

  // 3. The flood, from another process (it must not share this one's event loop with the probes).
  const junk = accountingRequest('wrong-secret-0123456789', 1, [
    ['User-Name', 'nobody@example.com'],
    ['Acct-Status-Type', 'Start'],
    ['NAS-Identifier', NAS],
  ]).toString('base64');
  const flooder = spawn(
    process.execPath,
    [
      '-e',
      `const dgram = require('node:dgram');
       const packet = Buffer.from(${JSON.stringify(junk)}, 'base64');
       const sockets = [];
       for (let i = 0; i < ${FLOOD_SOURCES}; i++) { const s = dgram.createSocket('udp4'); s.bind(0, '127.0.1.' + (i + 1)); sockets.push(s); }
       let sent = 0; const end = Date.now() + ${FLOOD_S * 1000}; const perTick = ${FLOOD_RATE / 100};
       const tick = () => { if (Date.now() > end) { console.log(sent); process.exit(0); }
         for (let i = 0; i < perTick; i++) { sockets[sent % sockets.length].send(packet, ${RADIUS_PORT}, '127.0.0.1'); sent++; }
         setTimeout(tick, 10); };
       setTimeout(tick, 200);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let floodSent = '';
  flooder.stdout.on('data', (d) => (floodSent += d));
  const flooded = new Promise((r) => flooder.on('close', r));
  await new Promise((r) => setTimeout(r, 500));
  const health: number[] = [];
  const radius: number[] = [];
  const floodArrivals: number[] = [];
  let probe = BULK + LATENCY_SAMPLES;
  const until = Date.now() + (FLOOD_S - 1) * 1000;
  while (Date.now() < until) {
    const h0 = performance.now();
    await fetch(`${server.base}/api/health`);
    health.push(performance.now() - h0);
    if (health.length % 5 === 0) {
      const i = probe++;
      const r0 = performance.now();
      const res = await radclient(RADIUS_PORT, SECRET, start(i), { timeoutS: 2 });
      radius.push(performance.now() - r0);
      if (res.code === 0) {
        await waitFor([nameOf(i)], 5000);
        if (arrivedAt.has(nameOf(i))) floodArrivals.push(arrivedAt.get(nameOf(i))! - r0);
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await flooded;
  const metrics = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
  const counted = metrics
    .split('\n')
    .filter((l) => l.startsWith('lectern_radius_packets_total'))
    .map((l) => l.replace('lectern_radius_packets_total', ''));
  console.log(
    `3. flood: ${Number(floodSent)} bad packets in ${FLOOD_S} s from ${FLOOD_SOURCES} sources (${Math.round(Number(floodSent) / FLOOD_S)}/s sent)`,
  );
  summary('/api/health under the flood', health);
  summary('radclient answer under the flood', radius);
  summary('start → push under the flood', floodArrivals);
  console.log(`  good arrivals answered under the flood: ${floodArrivals.length} of ${radius.length}`);
  console.log(`  the listener counted: ${counted.join('; ')}`);
} finally {
  clearInterval(watcher);
  await server.stop();
  await push.close();
  cluster.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
