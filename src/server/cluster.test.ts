import { describe, expect, it } from 'vitest';
import { workersProblem } from './cluster';
import { loadConfig } from './config';

describe('WORKERS', () => {
  it('more than one process on PGlite is refused with one line; on PostgreSQL it is fine', () => {
    const pglite = loadConfig({ WORKERS: '2' });
    expect(workersProblem(pglite.workers, pglite.databaseUrl)).toBe(
      'WORKERS=2 needs PostgreSQL (DATABASE_URL): PGlite is one process. Unset WORKERS or set DATABASE_URL.',
    );
    const postgres = loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://127.0.0.1/lectern' });
    expect(workersProblem(postgres.workers, postgres.databaseUrl)).toBeUndefined();
    expect(workersProblem(loadConfig({}).workers, undefined)).toBeUndefined();
  });

  it('reads WORKERS as a whole number from 1 to 64; anything else stops the start', () => {
    expect(loadConfig({ WORKERS: '64' }).workers).toBe(64);
    for (const bad of ['lots', '0', '2.7', '1e9', '65'])
      expect(() => loadConfig({ WORKERS: bad }), bad).toThrow(`WORKERS must be a whole number from 1 to 64, got "${bad}"`);
  });
});
