// The SUSHI API under a harvester that asks too much, and in the server's log: every call counts
// against the client's hourly limit in the database (exception 1020, HTTP 429, for real concurrent
// requests too), and neither api_key nor requestor_id is ever written to the request log.
// On PostgreSQL too: requests at once against a client's hourly limit.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { loggerOptions } from '../../src/server/logging';
import { createSushiRequestor } from '../../src/server/repositories/sushi-credentials';
import { isRefusal } from '../../src/server/repositories/refusal';

const LIMIT = 6;
const logLines: string[] = [];
let t: TestContext;
let creds: Record<string, string>;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await testApp(loadCatalogue, {
    config: { sushiRequestsPerHour: LIMIT, requestLog: true },
    logger: { ...(loggerOptions('info') as object), stream },
  });
  const c = await createSushiRequestor(t.db, FX.inst.active, 'CELUS', null);
  if (isRefusal(c)) throw new Error(c.message);
  creds = { customer_id: String(FX.inst.active), requestor_id: c.requestor.requestorId, api_key: c.apiKey };
});
afterAll(() => t?.close());

const members = (remoteAddress: string, params = creds) =>
  t.app.inject({ method: 'GET', url: `/sushi/r51/members?${new URLSearchParams(params)}`, remoteAddress });
const counted = async (key: string) =>
  (
    await t.db.query<{ n: number }>(`SELECT coalesce(sum(n), 0)::int AS n FROM rate_counters WHERE bucket = 'sushi-client' AND key = $1`, [
      key,
    ])
  ).rows[0].n;

describe('the SUSHI rate limit', () => {
  it('answers exception 1020 with HTTP 429 past the limit, per client, wrong credentials counted too', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT - 1; i++) statuses.push((await members('192.0.2.1')).statusCode);
    statuses.push((await members('192.0.2.1', { ...creds, api_key: 'guess' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 401]);
    const refused = await members('192.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ Code: 1020, Message: 'Client has made too many requests', Data: `at most ${LIMIT} requests an hour` });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Refused calls are not counted past the limit; another client has its own count.
    expect(await counted('192.0.2.1')).toBe(LIMIT);
    expect((await members('192.0.2.2')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/sushi/r51/status', remoteAddress: '192.0.2.1' })).statusCode).toBe(429);
  });

  it('lets exactly the limit through when a client sends many requests at once', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answers = await Promise.all(
      Array.from({ length: LIMIT * 3 }, () =>
        fetch(`${base}/sushi/r51/reports/pr_p1?${new URLSearchParams({ ...creds, begin_date: '2026-01', end_date: '2026-02' })}`).then(
          async (res) => [res.status, ((await res.json()) as { Code?: number }).Code ?? 0],
        ),
      ),
    );
    const statuses = answers.map(([status]) => status).sort();
    expect(statuses).toEqual([...Array(LIMIT).fill(200), ...Array(LIMIT * 2).fill(429)]);
    expect(answers.filter(([status]) => status === 429).every(([, code]) => code === 1020)).toBe(true);
    expect(await counted('127.0.0.1')).toBe(LIMIT);
  });
});

describe('the request log', () => {
  it('never holds the api_key or requestor_id of a SUSHI call, whatever it answered', async () => {
    const log = logLines.join('');
    expect(log).toContain('/sushi/r51/members?customer_id=');
    expect(log).toContain('api_key=[redacted]');
    expect(log).toContain('"statusCode":429');
    expect(log).not.toContain(creds.api_key);
    expect(log).not.toContain(creds.requestor_id);
    expect(log).not.toContain('guess');
  });
});
