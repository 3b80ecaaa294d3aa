// The hourly media sweep (src/server/media/sweep.ts) on a large catalogue's local media: how long it
// takes, and the longest the server's event loop waits meanwhile (every request in that process
// waits as long). A catalogue of 66,667 pages with three page images each (200,000 files), all
// referenced but one in a hundred, which is old and goes, on a throwaway PostgreSQL cluster (a
// catalogue this large runs on PostgreSQL; on PGlite the query itself runs on the event loop).
// Usage: npm run bench:sweep  (SWEEP_FILES: page files, default 200000)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres } from '../src/server/db/index';
import { migrate } from '../src/server/db/migrate';
import { LocalStorage, PAGES_SUBDIR } from '../src/server/media/local';
import { sweepMedia } from '../src/server/media/sweep';
import { FX, loadCatalogue } from '../tests/fixtures/catalogue';
import { startPostgresCluster } from '../tests/support/postgres-cluster';

const FILES = Number(process.env.SWEEP_FILES ?? 200_000);
const PAGES = Math.ceil(FILES / 3);
const nameOf = (k: number) => `${k.toString(16).padStart(32, '0')}.webp`;

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-sweep-'));
const cluster = await startPostgresCluster();
cluster.createDatabase('sweep');
const db = await openPostgres(cluster.url('sweep'));
try {
  await migrate(db);
  await loadCatalogue(db);
  const started = performance.now();
  const { rows } = await db.query<{ issue_id: number }>(
    `INSERT INTO issues (mid, name, pub_date, page_count) VALUES ($1, 'Sweep', '2026-01-01', $2) RETURNING issue_id`,
    [FX.mid.tech, PAGES],
  );
  // Pages k refer to files 3k, 3k+1 and 3k+2; every hundredth page's files are left unreferenced.
  // (the pages' search triggers off: they would take minutes over these pages' word lists)
  await db.exec(`SET session_replication_role = replica`);
  await db.query(
    `INSERT INTO pages (issue_id, page_no, width, height, image_small, image_large, image_xlarge)
     SELECT $1, k + 1, 600, 800, s, l, x FROM (
       SELECT k, lpad(to_hex(3 * k), 32, '0') || '.webp' AS s, lpad(to_hex(3 * k + 1), 32, '0') || '.webp' AS l,
              lpad(to_hex(3 * k + 2), 32, '0') || '.webp' AS x
       FROM generate_series(0, $2::int - 1) k WHERE k % 100 <> 99) p`,
    [rows[0].issue_id, PAGES],
  );
  await db.exec(`RESET session_replication_role`);
  const dir = path.join(mediaDir, PAGES_SUBDIR);
  fs.mkdirSync(dir, { recursive: true });
  const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
  for (let k = 0; k < PAGES * 3; k++) {
    const file = path.join(dir, nameOf(k));
    fs.writeFileSync(file, '');
    if (Math.floor(k / 3) % 100 === 99) fs.utimesSync(file, old, old);
  }
  console.log(`${PAGES * 3} page files and ${PAGES} pages made in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  // The event loop's longest wait: a timer every millisecond, and the gap between its runs.
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const t0 = performance.now();
  const { removed } = await sweepMedia(db, new LocalStorage(mediaDir));
  const took = performance.now() - t0;
  longest = Math.max(longest, performance.now() - last);
  clearInterval(ticker);
  console.log(
    `media sweep, ${PAGES * 3} page files: ${removed} removed in ${took.toFixed(0)} ms; the event loop's longest wait ${longest.toFixed(1)} ms`,
  );
} finally {
  await db.close();
  cluster.stop();
  fs.rmSync(mediaDir, { recursive: true, force: true });
}
