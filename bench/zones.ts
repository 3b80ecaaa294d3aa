// Smart Reading Zone arrival check with 10,000 zones (random circles over India, a fifth of them
// with Wi-Fi networks, some known only by network): p50/p95 of position → zones and address →
// zones (repositories/zones.ts zonesAt, as the routes call it: the index lookup, the exact circle,
// the opening hours) and of the nearest-50 list, on PGlite and on a throwaway PostgreSQL cluster,
// with the EXPLAIN plans that show the GiST indexes at work. Target: p95 ≤ 10 ms.
// Usage: npm run bench:zones   (BENCH_ROUNDS × 300 lookups of each kind; default 10)
import { openPglite, openPostgres, type Db } from '../src/server/db/index';
import { migrate } from '../src/server/db/migrate';
import { listZones, listZonesQuery, zonesAt, zonesAtQuery } from '../src/server/repositories/zones';
import { boundingBox } from '../src/shared/zones';
import { startPostgresCluster } from '../tests/support/postgres-cluster';
import { rng } from '../src/server/demo/random';
import { percentile } from './support';

const ZONES = 10_000;
const LOOKUPS = 300 * Number(process.env.BENCH_ROUNDS ?? 10);
const random = rng(2026).next;
const between = (a: number, b: number) => a + random() * (b - a);
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];

interface Spec {
  lat: number | null;
  lng: number | null;
  radius: number | null;
  nets: string[];
}

/** The same zones for both engines: 9,500 circles (a fifth also with a /24 and some with an IPv6
 * /48), 500 network-only zones; weekday hours on a third of them. */
function makeZones(): Spec[] {
  const zones: Spec[] = [];
  for (let i = 0; i < ZONES; i++) {
    const placed = i < ZONES - 500;
    const nets: string[] = [];
    if (!placed || i % 5 === 0) nets.push(`10.${(i >> 8) & 255}.${i & 255}.0/24`);
    if (!placed || i % 17 === 0) nets.push(`2001:db8:${i.toString(16)}::/48`);
    zones.push({
      lat: placed ? between(8, 35) : null,
      lng: placed ? between(68, 97) : null,
      radius: placed ? Math.round(between(50, 2000)) : null,
      nets,
    });
  }
  return zones;
}

async function load(db: Db, zones: Spec[]) {
  await migrate(db);
  await db.exec('TRUNCATE zones CASCADE');
  const box = (z: Spec) => {
    if (z.lat === null || z.lng === null || z.radius === null) return null;
    const [x1, y1, x2, y2] = boundingBox(z.lat, z.lng, z.radius);
    return `((${x1},${y1}),(${x2},${y2}))`;
  };
  const hours =
    '{"mon":[["08:00","20:00"]],"tue":[["08:00","20:00"]],"wed":[["08:00","20:00"]],"thu":[["08:00","20:00"]],"fri":[["08:00","20:00"]]}';
  await db.query(
    `INSERT INTO zones (id, name, lat, lng, radius_m, area, hours)
     SELECT i, 'Zone ' || i, lat, lng, r, area::box, CASE WHEN i % 3 = 0 THEN $6::jsonb END
     FROM unnest($1::int[], $2::float8[], $3::float8[], $4::int[], $5::text[]) AS z(i, lat, lng, r, area)`,
    [zones.map((_, i) => i + 1), zones.map((z) => z.lat), zones.map((z) => z.lng), zones.map((z) => z.radius), zones.map(box), hours],
  );
  const nets = zones.flatMap((z, i) => z.nets.map((n) => [i + 1, n] as const));
  await db.query(`INSERT INTO zone_networks (zone_id, net) SELECT * FROM unnest($1::int[], $2::cidr[])`, [
    nets.map((n) => n[0]),
    nets.map((n) => n[1]),
  ]);
  await db.exec('ANALYZE zones; ANALYZE zone_networks');
}

/** Half the positions inside a zone's circle, half anywhere over India. */
function positions(zones: Spec[]) {
  const placed = zones.filter((z) => z.lat !== null);
  return Array.from({ length: LOOKUPS }, (_, i) => {
    if (i % 2) return { lat: between(8, 35), lng: between(68, 97) };
    const z = pick(placed);
    const d = (z.radius! * 0.7 * random()) / 111_195;
    return { lat: z.lat! + d, lng: z.lng! };
  });
}

/** Half the addresses inside a zone network (IPv4 and IPv6), half outside every one. */
function addresses(zones: Spec[]) {
  const withNets = zones.filter((z) => z.nets.length);
  return Array.from({ length: LOOKUPS }, (_, i) => {
    if (i % 2) return i % 4 === 1 ? `172.${16 + (i % 16)}.${i & 255}.${1 + (i % 250)}` : `2001:db9::${i.toString(16)}`;
    const net = pick(pick(withNets).nets);
    return net.includes(':') ? net.replace('::/48', '::1234') : net.replace('.0/24', `.${1 + (i % 250)}`);
  });
}

async function time<T>(inputs: T[], fn: (x: T) => Promise<unknown>): Promise<{ p50: number; p95: number; hits: number }> {
  for (const x of inputs.slice(0, 100)) await fn(x); // warm-up
  const times: number[] = [];
  let hits = 0;
  for (const x of inputs) {
    const t = performance.now();
    const found = await fn(x);
    times.push(performance.now() - t);
    if (Array.isArray(found) && found.length) hits++;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), hits };
}

async function explain(db: Db, label: string, q: { sql: string; params: unknown[] }) {
  const { rows } = await db.query<Record<string, string>>(`EXPLAIN ${q.sql}`, q.params);
  console.log(`  EXPLAIN ${label}:\n${rows.map((r) => `    ${Object.values(r)[0]}`).join('\n')}`);
}

const zones = makeZones();
const atPositions = positions(zones);
const atAddresses = addresses(zones);
const results: string[] = [];

async function run(engine: string, db: Db) {
  const started = performance.now();
  await load(db, zones);
  console.log(`\n${engine}: ${ZONES} zones loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const here = atPositions[0];
  await explain(db, 'position → zones', zonesAtQuery({ position: here })!);
  await explain(db, 'address → zones', zonesAtQuery({ ip: '10.3.4.5' })!);
  await explain(db, 'nearest 50', listZonesQuery(here, 50));
  for (const [label, r] of [
    ['position → zones', await time(atPositions, (p) => zonesAt(db, { position: p }))],
    ['address → zones', await time(atAddresses, (ip) => zonesAt(db, { ip }))],
    ['nearest 50 (GET /api/zones)', await time(atPositions.slice(0, LOOKUPS / 3), (p) => listZones(db, p))],
  ] as const) {
    const line = `${engine.padEnd(8)} ${label.padEnd(28)} p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms  (${
      label.startsWith('nearest') ? LOOKUPS / 3 : LOOKUPS
    } lookups, ${r.hits} found a zone)`;
    console.log(line);
    results.push(line);
  }
}

const lite = await openPglite(undefined);
try {
  await run('pglite', lite);
} finally {
  await lite.close();
}
const cluster = await startPostgresCluster();
try {
  cluster.createDatabase('bench_zones');
  const pg = await openPostgres(cluster.url('bench_zones'), 2);
  try {
    await run('postgres', pg);
  } finally {
    await pg.close();
  }
} finally {
  cluster.stop();
}
console.log(`\nArrival check with ${ZONES} zones (target p95 ≤ 10 ms):\n${results.join('\n')}`);
