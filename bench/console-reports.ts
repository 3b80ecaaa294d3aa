// COUNTER reports with 1,000,000 usage events on a throwaway PostgreSQL cluster: the time to count
// them all (rebuildCounterUsage, the same statement that counts each arriving batch), the cost a
// reader's batch of 20 events pays to be counted as it is stored, and the Title Report (and PR)
// for one institution over 12 months as the console and SUSHI build it. Target: ≤ 500 ms.
// Usage: npm run bench:console-reports   (BENCH_EVENTS to change the million)
import { openPostgres } from '../src/server/db/index';
import { migrate } from '../src/server/db/migrate';
import { rebuildCounterUsage } from '../src/server/repositories/counter-usage';
import { storeReadEvents } from '../src/server/repositories/reader';
import { counterReport } from '../src/server/services/counter-reports';
import { startPostgresCluster } from '../tests/support/postgres-cluster';
import { percentile } from './support';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const INSTITUTIONS = 10;
const USERS = 5_000;
const TITLES = 1_000;
const ISSUES_PER_TITLE = 12;
const RUNS = 20;

const cluster = await startPostgresCluster();
try {
  cluster.createDatabase('bench_reports');
  const db = await openPostgres(cluster.url('bench_reports'), 4);
  try {
    await migrate(db);
    const t0 = performance.now();
    await db.exec(`
      INSERT INTO institutions (name, con_code, sub_start, sub_end)
        SELECT 'Institution ' || i, 'I' || i, now() - interval '2 years', now() + interval '1 year' FROM generate_series(1, ${INSTITUTIONS}) i;
      INSERT INTO users (uuid, email, institution_id)
        SELECT gen_random_uuid(), 'u' || i || '@bench.edu', 1 + i % ${INSTITUTIONS} FROM generate_series(1, ${USERS}) i;
      INSERT INTO titles (name, slug, publisher, cat_id, lang_code, frequency, type)
        SELECT 'Title ' || i, 'title-' || i, 'Publisher ' || (i % 40), (SELECT min(cat_id) FROM categories WHERE NOT hidden), 'en', 'Monthly',
               (ARRAY['magazine', 'newspaper', 'journal'])[1 + i % 3]
        FROM generate_series(1, ${TITLES}) i;
      INSERT INTO issues (mid, name, pub_date, page_count)
        SELECT t.mid, 'Issue ' || k, (now() - make_interval(months => k))::date, 40 FROM titles t, generate_series(1, ${ISSUES_PER_TITLE}) k;
    `);
    // A reader reads a few issues in a visit: events come in runs of one user, one issue, minutes apart.
    await db.query(
      `INSERT INTO usage_events (kind, user_id, institution_id, mid, issue_id, page_no, at)
       SELECT CASE WHEN r < 0.25 THEN 'issue_open' WHEN r < 0.97 THEN 'page_view' WHEN r < 0.99 THEN 'denied_no_license' ELSE 'denied_limit' END,
              u.id, u.institution_id, s.mid, s.issue_id, 1 + (g % 40), v.at
       FROM (SELECT g, random() AS r, 1 + (g / 7) % ${USERS} AS uid, 1 + ((g / 7)::bigint * 2654435761 % 4294967291) % (${TITLES * ISSUES_PER_TITLE}) AS iid,
                    now() - interval '365 days' + (g::float8 / ${EVENTS}) * interval '364 days' AS at
             FROM generate_series(1, $1::int) g) v
       JOIN users u ON u.id = v.uid JOIN issues s ON s.issue_id = v.iid`,
      [EVENTS],
    );
    const loaded = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_events')).rows[0].n;
    console.log(`loaded ${loaded} usage events in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const c0 = performance.now();
    await rebuildCounterUsage(db);
    const counted = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM counter_usage')).rows[0].n;
    console.log(`counted them into ${counted} counter_usage rows in ${((performance.now() - c0) / 1000).toFixed(1)} s`);
    // As a database that has been running would be: the bulk load's rows vacuumed (hint bits and
    // the visibility map set), not left for the first timed reports to do.
    await db.exec('VACUUM ANALYZE');

    // The cost a reader's batch pays: 20 events stored and counted in one transaction.
    const issues = (await db.query<{ issue_id: number }>('SELECT issue_id FROM issues ORDER BY issue_id LIMIT 20')).rows;
    const batch: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const at = Date.now() - i * 60_000;
      const s = performance.now();
      await storeReadEvents(
        db,
        1 + i,
        issues.map((row, k) => ({ kind: k % 4 ? 'page_view' : 'issue_open', issueId: row.issue_id, page: 1 + k, at: at + k })),
      );
      batch.push(performance.now() - s);
    }

    const now = new Date();
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const begin = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 1)).toISOString().slice(0, 7);
    const institution = { id: 1, name: 'Institution 1' };
    const timings = async (id: 'TR' | 'PR') => {
      const ms: number[] = [];
      let items = 0;
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        const report = await counterReport(db, { id, institution, begin, end, siteUrl: 'https://lectern.example' });
        ms.push(performance.now() - s);
        items = report.Report_Items.length;
      }
      ms.sort((a, b) => a - b);
      return `${id} ${begin}..${end}: ${items} items, p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms, max ${ms.at(-1)!.toFixed(1)} ms`;
    };
    const tr = await timings('TR');
    const pr = await timings('PR');
    batch.sort((a, b) => a - b);
    console.log(`\nCOUNTER reports with ${loaded} usage events, PostgreSQL (target ≤ 500 ms for 12 months):`);
    console.log(`  ${tr}\n  ${pr}`);
    console.log(
      `  a reader's batch of 20 events stored and counted: p50 ${percentile(batch, 50).toFixed(1)} ms, p95 ${percentile(batch, 95).toFixed(1)} ms`,
    );
  } finally {
    await db.close();
  }
} finally {
  cluster.stop();
}
