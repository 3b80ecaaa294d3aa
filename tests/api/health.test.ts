// GET /api/health: 200 with every check when all is well; 503 with Retry-After and the reason
// when a part is degraded (here: media storage that cannot take a write; the database outage is
// in db-outage.test.ts).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';

let t: TestContext;
let broken: TestContext;
beforeAll(async () => {
  t = await testApp();
  broken = await testApp();
  // The media directory is gone and a file sits in its place: nothing can be stored there.
  fs.rmSync(broken.app.config.mediaDir, { recursive: true, force: true });
  fs.writeFileSync(broken.app.config.mediaDir, '');
});
afterAll(async () => {
  await t?.close();
  await broken?.close();
});

describe('health', () => {
  it('200 with the database and storage checks when all is well, and leaves no probe file behind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, db: t.db.kind, checks: { database: { ok: true }, storage: { ok: true } } });
    expect(body.degraded).toBeUndefined();
    expect(fs.readdirSync(t.app.config.mediaDir).filter((f) => f.startsWith('.check'))).toEqual([]);
  });

  it('503 with Retry-After and the reason when media storage cannot be written', async () => {
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    const body = res.json();
    expect(body.ok).toBe(false);
    expect(body.checks.database.ok).toBe(true);
    expect(body.degraded).toHaveLength(1);
    expect(body.degraded[0]).toMatch(/^storage: .*(EEXIST|ENOTDIR)/);
  });
});
