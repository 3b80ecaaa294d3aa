// Entry point: open the database, migrate, load the demo library on first start, listen.
import { loadConfig } from './config';
import { openDb } from './db/index';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { loadDemoIfEmpty } from './demo/load';
import { schedulePopularity } from './jobs/popularity';

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(db);
if (applied.length) console.log(`Migrated: ${applied.join(', ')}`);
if (config.demo) await loadDemoIfEmpty(db, config);

const app = await buildApp({ db, config, logger: { level: config.logLevel } });
const stopPopularity = schedulePopularity(db, (err) => app.log.error({ err }, 'popularity refresh failed'));
await app.listen({ host: config.host, port: config.port });

const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/`;
console.log(`\nLectern is running at ${url}  (database: ${db.kind})\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    stopPopularity();
    await app.close();
    await db.close();
    process.exit(0);
  });
}
