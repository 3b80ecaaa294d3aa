// COUNTER reports with 1,000,000 usage events on a throwaway PostgreSQL cluster: the time to count
// them all (rebuildCounterUsage, the same statement that counts each arriving batch), the cost a
// reader's batch of 20 events pays to be counted as it is stored, and the Title Report (and PR)
// for one institution over 12 months as the console and SUSHI build it. Target: ≤ 500 ms.
// Usage: npm run bench:console-reports   (BENCH_EVENTS to change the million)
import { openPostgres } from '../src/server/db/index';
import { migrate } from '../src/server/db/migrate';
import { storeReadEvents } from '../src/server/repositories/reader';
import { startPostgresCluster } from '../tests/support/postgres-cluster';
import { percentile } from './support';
import { seedUsage, timeReport } from './counter-seed';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const RUNS = 20;

const cluster = await startPostgresCluster();
try {
  cluster.createDatabase('bench_reports');
  const db = await openPostgres(cluster.url('bench_reports'), 4);
  try {
    await migrate(db);
    const { loaded, loadS, countS } = await seedUsage(db, EVENTS);
    const counted = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM counter_usage')).rows[0].n;
    console.log(`loaded ${loaded} usage events in ${loadS.toFixed(1)} s`);
    console.log(`counted them into ${counted} counter_usage rows in ${countS.toFixed(1)} s`);

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
    const timings = async (id: 'TR' | 'PR') => {
      const { items, ms } = await timeReport(db, id, begin, end, RUNS);
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
