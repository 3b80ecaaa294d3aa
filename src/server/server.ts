// Entry point: open the database, migrate, load the demo library on first start, listen. With
// WORKERS=N (PostgreSQL only) the primary does the first three once and then forks N workers
// that each open the database and listen on the shared port (cluster.ts); SIGHUP to the primary
// applies new migrations and replaces the workers one at a time. `npm start` runs this file
// through tsx; a production start runs the built copy (`npm run build:server`, then
// `node build/server/server.js`).
import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { openDb } from './db/index';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { loggerOptions } from './logging';
import { prepareDemo } from './demo/load';
import { repairStoredTextOnce } from './ingest/reindex';
import { StartRefusal } from './demo/guard';
import { consoleRoles } from './repositories/console';
import { startJobs } from './jobs/index';
import { closeOnSignals } from './shutdown';
import { MIGRATE_ONLY_ENV, runPrimary, workersProblem } from './cluster';
import { serveClusterMetrics } from './metrics-server';
import { movePageImagesOutOfPublic } from './media/relocate';
import { openStorage } from './media/open-storage';
import { warmUp } from './warm-up';

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    // What to change, not a stack.
    console.error(err.message);
    process.exit(1);
  }
})();

const open = () =>
  openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    readUrl: config.databaseReadUrl,
    replicaMaxLagMs: config.databaseReadMaxLagMs,
    pool: {
      max: config.databasePoolMax,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      idleTimeoutMs: config.databaseIdleTimeoutMs,
      onError: (err) => console.error(`database connection error: ${err.message}`),
    },
  });

async function prepare(db: Awaited<ReturnType<typeof open>>, c: Config) {
  const applied = await migrate(db);
  if (applied.length) console.log(`Migrated: ${applied.join(', ')}`);
  try {
    await prepareDemo(db, c);
  } catch (err) {
    if (!(err instanceof StartRefusal)) throw err;
    // One line saying what to do, not a stack.
    console.error(err.message);
    await db.close();
    process.exit(1);
  }
  const repaired = await repairStoredTextOnce(db);
  if (repaired?.pagesChanged)
    console.log(`Page text repaired and re-indexed: ${repaired.pagesChanged} pages in ${repaired.issuesChanged} issues`);
  if (!c.localOnly && !(await consoleRoles(db)).some((r) => r.role === 'admin'))
    console.log('No library console admin yet: make one with `npm run admin -- create <email>`.');
  const moved = await movePageImagesOutOfPublic(db, openStorage(c));
  if (moved) console.log(`Moved ${moved} page images out of the public media directory (${c.mediaDir}/pages)`);
}

const announce = () => {
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/`;
  const db = config.databaseUrl ? 'postgres' : 'pglite';
  const processes = config.workers > 1 ? `, ${config.workers} processes` : '';
  console.log(`\nLectern is running at ${url}  (database: ${db}${processes})\n`);
};

const problem = workersProblem(config.workers, config.databaseUrl);
if (problem) {
  console.error(problem);
  process.exit(1);
}

if (cluster.isWorker && process.env[MIGRATE_ONLY_ENV]) {
  // A rolling restart's first step (cluster.ts): this release's migrations, before its workers
  // serve. The old workers run beside them until replaced: a migration must suit both (add, do
  // not take away).
  const db = await open();
  try {
    const applied = await migrate(db);
    if (applied.length) console.log(`Migrated: ${applied.join(', ')}`);
  } finally {
    await db.close();
  }
  process.exit(0);
} else if (config.workers > 1 && cluster.isPrimary) {
  const db = await open();
  await prepare(db, config);
  await db.close();
  if (config.metricsToken || config.metricsPort !== undefined) await serveClusterMetrics(config.metricsPort);
  runPrimary({
    workers: config.workers,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    onListening: announce,
  });
} else {
  const db = await open();
  if (cluster.isPrimary) await prepare(db, config);
  const app = await buildApp({ db, config, logger: loggerOptions(config.logLevel) });
  const jobs = startJobs(db, config, app.log, app.storage, { mailer: app.mailer, unsubscribeUrl: app.unsubscribeUrl });
  closeOnSignals(app, db, jobs, config.shutdownTimeoutMs);
  if (config.warmUp) {
    const warm = await warmUp(app);
    app.log.info(
      `Warmed up: ${warm.answered} of ${warm.asked} requests answered, ${warm.drawn} pages drawn${warm.connections ? `, ${warm.connections} database connections` : ''} in ${Math.round(warm.ms)} ms${warm.stopped ? `; stopped: ${warm.stopped}` : ''}`,
    );
  }
  await app.listen({ host: config.host, port: config.port });
  if (cluster.isPrimary) announce();
}
