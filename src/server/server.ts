// Entry point: open the database, migrate, load the demo library on first start, listen.
import { loadConfig } from './config';
import { openDb } from './db/index';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { loggerOptions } from './logging';
import { loadDemoIfEmpty } from './demo/load';
import { POPULARITY_REFRESH_MS, refreshPopularity } from './jobs/popularity';
import { HOUSEKEEPING_MS, housekeeping } from './jobs/housekeeping';
import { every } from './jobs/schedule';
import { sweepMedia } from './media/sweep';
import { movePageImagesOutOfPublic } from './media/relocate';

const config = loadConfig();
const db = await openDb({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  pool: {
    max: config.databasePoolMax,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    onError: (err) => console.error(`database connection error: ${err.message}`),
  },
});
const applied = await migrate(db);
if (applied.length) console.log(`Migrated: ${applied.join(', ')}`);
if (config.demo) await loadDemoIfEmpty(db, config);

const app = await buildApp({ db, config, logger: loggerOptions(config.logLevel) });
const moved = await movePageImagesOutOfPublic(db, app.storage);
if (moved) console.log(`Moved ${moved} page images out of the public media directory (${config.mediaDir}/pages)`);
const jobs = [
  every(
    POPULARITY_REFRESH_MS,
    () => refreshPopularity(db),
    (err) => app.log.error({ err }, 'popularity refresh failed'),
  ),
  every(
    HOUSEKEEPING_MS,
    () => housekeeping(db, config.privateDir),
    (err) => app.log.error({ err }, 'housekeeping failed'),
  ),
  every(
    HOUSEKEEPING_MS,
    () => sweepMedia(db, app.storage).then(({ removed }) => void (removed && app.log.info(`media sweep removed ${removed} files`))),
    (err) => app.log.error({ err }, 'media sweep failed'),
  ),
];
await app.listen({ host: config.host, port: config.port });

const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/`;
console.log(`\nLectern is running at ${url}  (database: ${db.kind})\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    for (const stop of jobs) stop();
    await app.close();
    await db.close();
    process.exit(0);
  });
}
