// The console's member search with 100,000 members of one institution (and 20,000 of another) on a
// throwaway PostgreSQL cluster: p50/p95 of repositories/console-members.ts listMembers, as the
// route calls it (the page and the capped count), for searches by name prefix, surname, part of
// an e-mail, mobile digits, a whole address, nothing found, and a two-letter term, under each
// filter; with the EXPLAIN plan that shows the trigram index at work. Target: p95 ≤ 50 ms.
// Usage: npm run bench:console-members   (BENCH_ROUNDS × 20 searches of each kind; default 10)
import { openPostgres } from '../src/server/db/index';
import { migrate } from '../src/server/db/migrate';
import { listMembers } from '../src/server/repositories/console-members';
import { MemberFilter } from '../src/shared/schemas/console-members';
import { startPostgresCluster } from '../tests/support/postgres-cluster';
import { rng } from '../src/server/demo/random';
import { percentile } from './support';

const MEMBERS = 100_000;
const OTHERS = 20_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const FIRST = [
  'Aarav',
  'Ananya',
  'Arjun',
  'Diya',
  'Ishaan',
  'Kavya',
  'Kabir',
  'Meera',
  'Nikhil',
  'Priya',
  'Rohan',
  'Saanvi',
  'Tara',
  'Vihaan',
  'Zoya',
  'Aditi',
  'Dev',
  'Neha',
  'Rahul',
  'Sneha',
];
const LAST = [
  'Sharma',
  'Iyer',
  'Nair',
  'Das',
  'Rao',
  'Gupta',
  'Menon',
  'Kulkarni',
  'Singh',
  'Patel',
  'Reddy',
  'Bose',
  'Chopra',
  'Joshi',
  'Verma',
  'Pillai',
  'Mehta',
  'Saxena',
  'Banerjee',
  'Kapoor',
];
const random = rng(2026).next;
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

const cluster = await startPostgresCluster();
try {
  cluster.createDatabase('members_bench');
  const db = await openPostgres(cluster.url('members_bench'), 4);
  await migrate(db);
  const started = Date.now();
  await db.query(
    `INSERT INTO institutions (id, name, con_code, sub_start, sub_end) VALUES
       (1, 'Big University', 'BIG', now() - interval '100 days', now() + interval '265 days'),
       (2, 'Other College', 'OTH', now() - interval '100 days', now() + interval '265 days')`,
  );
  await db.query(
    `INSERT INTO institution_domains (institution_id, domain, token, proof, proven_at) VALUES
       (1, 'big.edu', md5('big.edu'), 'admin', now() - interval '100 days'), (2, 'other.edu', md5('other.edu'), 'admin', now() - interval '100 days')`,
  );
  // Names from the lists, a number to keep addresses apart; a mobile for two in three; access that
  // follows the subscription for most, ends soon for some, ended for some.
  await db.query(
    `INSERT INTO users (uuid, email, mobile, first_name, last_name, institution_id, access_ends_at, email_verified)
     SELECT gen_random_uuid(),
            lower(f) || '.' || lower(l) || n || CASE WHEN n <= $1::int THEN '@big.edu' ELSE '@other.edu' END,
            CASE WHEN n % 3 <> 0 THEN '+91' || (9000000000 + (n * 7919) % 999999999)::text END,
            f, l, CASE WHEN n <= $1::int THEN 1 ELSE 2 END,
            CASE WHEN n % 10 = 1 THEN now() + make_interval(days => n % 30) WHEN n % 10 = 2 THEN now() - make_interval(days => n % 90) END,
            true
     FROM generate_series(1, $1::int + $2::int) n,
          LATERAL (SELECT ($3::text[])[1 + n % 20] AS f, ($4::text[])[1 + (n / 20) % 20] AS l) names`,
    [MEMBERS, OTHERS, FIRST, LAST],
  );
  // Reads: three issue_open events for every fourth member (the list shows each member's last read).
  await db.query(
    `INSERT INTO usage_events (kind, user_id, institution_id, at)
     SELECT 'issue_open', u.id, u.institution_id, now() - make_interval(hours => (u.id * k) % 2000)
     FROM users u, generate_series(1, 3) k WHERE u.id % 4 = 0`,
  );
  await db.exec('ANALYZE');
  console.log(
    `Loaded ${MEMBERS.toLocaleString('en')} + ${OTHERS.toLocaleString('en')} members in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const kinds: Record<string, () => string> = {
    'name prefix': () => pick(FIRST).slice(0, 3 + Math.floor(random() * 3)),
    surname: () => pick(LAST).toLowerCase(),
    'first + last': () => `${pick(FIRST)} ${pick(LAST)}`,
    'e-mail part': () => `${pick(LAST).toLowerCase()}${1 + Math.floor(random() * MEMBERS)}@`,
    'whole e-mail': () => `${pick(FIRST).toLowerCase()}.${pick(LAST).toLowerCase()}${1 + Math.floor(random() * MEMBERS)}@big.edu`,
    'mobile digits': () => digits(6),
    'no match': () => `zq${digits(4)}x`,
    'two letters': () => pick(['an', 'ra', 'ee', 'ka']),
    'no search': () => '',
  };
  const all: number[] = [];
  const rows: string[] = [];
  const byFilter: Record<string, number[]> = {};
  for (const [kind, term] of Object.entries(kinds)) {
    const times: number[] = [];
    for (let i = 0; i < 20 * ROUNDS; i++) {
      const filter = MemberFilter.options[i % MemberFilter.options.length];
      const q = term();
      const t0 = performance.now();
      await listMembers(db, 1, { q, filter, page: i % 3 === 0 ? 1 : 0 });
      times.push(performance.now() - t0);
      (byFilter[filter] ??= []).push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push(
      `${kind.padEnd(14)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(`\nMember search, ${MEMBERS.toLocaleString('en')} members, ${all.length} searches (PostgreSQL 15):`);
  for (const r of rows) console.log(`  ${r}`);
  for (const [filter, times] of Object.entries(byFilter)) {
    times.sort((a, b) => a - b);
    console.log(
      `  filter ${filter.padEnd(7)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`,
    );
  }
  const p95 = percentile(all, 95);
  console.log(
    `  ${'all'.padEnd(14)} p50 ${percentile(all, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   (target ≤ 50 ms)`,
  );

  const plan = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN ANALYZE SELECT u.id FROM users u JOIN institutions i ON i.id = 1
     WHERE u.institution_id = i.id AND member_search_key(u.first_name, u.last_name, u.email, u.mobile) LIKE '%kulkarni%'
     ORDER BY lower(u.first_name || ' ' || u.last_name), u.id LIMIT 50`,
  );
  console.log('\nPlan of a surname search:');
  for (const r of plan.rows) console.log(`  ${r['QUERY PLAN']}`);
  await db.close();
  if (p95 > 50) process.exitCode = 1;
} finally {
  cluster.stop();
}
