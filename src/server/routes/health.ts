// GET /api/health: 200 { ok: true, db, checks } when every part works, 503 with `degraded` (one
// line per failing part) when one does not, so a load balancer takes the process out of rotation
// and an operator sees why. Checks: the database answers within a short timeout, the read
// replica's lag (when there is one), and the media storage (MediaStorage.check: the local
// directory is writable, or the S3 bucket answers).
import type { FastifyPluginAsync } from 'fastify';
import { pingDatabase } from '../repositories/health';
import { route } from './endpoint';
import * as endpoints from '../../shared/endpoints';

/** A database that has not answered `select 1` in this long is degraded (a pool that is busy
 * with heavy queries still answers well within it). */
export const HEALTH_DB_TIMEOUT_MS = 2000;
/** A read replica further behind than this is degraded (its reads are that stale). */
export const HEALTH_REPLICA_MAX_LAG_MS = 30_000;

interface Check {
  ok: boolean;
  ms: number;
  error?: string;
  lagMs?: number;
}

async function timed(work: () => Promise<void | Partial<Check>>, timeoutMs: number): Promise<Check> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const extra = await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { ok: true, ms: Math.round(performance.now() - start), ...extra };
  } catch (err) {
    return { ok: false, ms: Math.round(performance.now() - start), error: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

const health: FastifyPluginAsync = async (app) => {
  route(app, endpoints.health, async (_req, reply) => {
    const db = app.db;
    const checks: Record<string, Check> = {};
    [checks.database, checks.storage] = await Promise.all([
      timed(() => pingDatabase(db), HEALTH_DB_TIMEOUT_MS),
      timed(async () => {
        const storage = await app.storage.check();
        if (!storage.ok) throw new Error(storage.error);
      }, HEALTH_DB_TIMEOUT_MS),
    ]);
    const lag = db.replicaLagMs(); // null: no replica
    if (lag != null) {
      const ok = lag <= HEALTH_REPLICA_MAX_LAG_MS;
      checks.replica = { ok, ms: 0, lagMs: lag, ...(ok ? {} : { error: `${Math.round(lag / 1000)} s behind the primary` }) };
    }
    const degraded = Object.entries(checks)
      .filter(([, c]) => !c.ok)
      .map(([name, c]) => `${name}: ${c.error}`);
    if (degraded.length) reply.code(503).header('Retry-After', '5');
    return { ok: !degraded.length, db: db.kind, ...(degraded.length ? { degraded } : {}), checks };
  });
};
export default health;
