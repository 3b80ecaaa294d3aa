// The server runs the bulk-import queue in the background (ingest/runner.ts): at start, every
// INGEST_POLL_MS for jobs another process queued (`npm run ingest` against the same PostgreSQL),
// and at once when an admin uploads a PDF. One job at a time per process; on close the job in
// hand is finished and no other is taken.
import fp from 'fastify-plugin';
import { runJobs } from '../ingest/runner';

const INGEST_POLL_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    ingestJobs: { kick(): void };
  }
}

export default fp(async (app) => {
  let running: Promise<void> | null = null;
  let again = false;
  let closing = false;
  const run = async () => {
    do {
      again = false;
      await runJobs({
        db: app.db,
        storage: app.storage,
        workers: app.config.ingestWorkers,
        stop: () => closing,
        onEvent: (e) => void (e.kind === 'end' && app.log.info({ job: e.job.id, state: e.state }, `ingest job ${e.job.id}: ${e.message}`)),
      }).catch((err) => app.log.error({ err }, 'ingest jobs failed'));
    } while (again && !closing);
  };
  const kick = () => {
    if (closing) return;
    if (running) again = true;
    else running = run().finally(() => (running = null));
  };
  app.decorate('ingestJobs', { kick });
  const timer = setInterval(kick, INGEST_POLL_MS);
  timer.unref();
  app.addHook('onReady', async () => kick());
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
});
