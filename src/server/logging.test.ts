// The logger options keep secrets out of the log: a reader token in a page URL, the
// Authorization header, cookies and the XSRF pair, a failing query's SQL and parameters (PGlite
// and pg errors carry them), a form's contents; and a client that leaves mid-answer is no error.
import http from 'node:http';
import { Readable, Writable } from 'node:stream';
import compress from '@fastify/compress';
import { afterAll, beforeAll, expect, it } from 'vitest';
import Fastify from 'fastify';
import { loggerOptions } from './logging';
import errors from './plugins/errors';
import { openPglite, type Db } from './db/index';

let db: Db;
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

beforeAll(async () => {
  db = await openPglite(undefined);
  await db.exec(`CREATE TABLE accounts (id int PRIMARY KEY, email text UNIQUE, password_hash text)`);
  await db.query(`INSERT INTO accounts VALUES (1, 'owner-SECRET-mail@example.com', 'SECRET-hash')`);
});
afterAll(() => db?.close());

async function logOf(run: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  lines.length = 0;
  const app = Fastify({ logger: { ...(loggerOptions('info') as object), stream } });
  await app.register(errors);
  app.get('/content/reader/:issueId/pages/:page/:size', async () => 'ok');
  app.post('/api/login/password', async (req) => {
    const body = req.body as { password: string };
    // A handler that fails the way a bad query does, with a secret among its parameters.
    await db.query('SELECT * FROM accounts WHERE id = $1 AND password_hash = $2', [body.password, 'SECRET-param']);
  });
  app.post('/api/signup', async () => {
    await db.query('INSERT INTO accounts VALUES ($1, $2, $3)', [2, 'owner-SECRET-mail@example.com', 'SECRET-hash-2']);
  });
  await app.ready();
  await run(app);
  await app.close();
  return lines.join('');
}

it('logs a page request without its reader token, Authorization header, cookies or XSRF pair', async () => {
  const out = await logOf((app) =>
    app.inject({
      method: 'GET',
      url: '/content/reader/12/pages/3/small.webp?code=SECRET-reader-token&v=2',
      headers: { authorization: 'SECRET-jwt', 'x-xsrf-token': 'SECRET-xsrf' },
      cookies: { 'XSRF-TOKEN': 'SECRET-xsrf', session: 'SECRET-cookie' },
    }),
  );
  expect(out).toContain('/content/reader/12/pages/3/small.webp?code=[redacted]&v=2');
  expect(out).toContain('"statusCode":200');
  expect(out).not.toContain('SECRET');
});

it('logs a failing query by its SQLSTATE and message, not its SQL, parameters, detail or the form', async () => {
  const out = await logOf(async (app) => {
    expect(
      (await app.inject({ method: 'POST', url: '/api/login/password', payload: { email: 'a@b.c', password: 'SECRET-password' } }))
        .statusCode,
    ).toBe(500);
    expect((await app.inject({ method: 'POST', url: '/api/signup', payload: { password: 'SECRET-password' } })).statusCode).toBe(500);
    app.log.error(
      {
        err: Object.assign(new Error('connection lost'), { query: 'SELECT SECRET', params: ['SECRET'], where: 'SECRET' }),
        body: { password: 'SECRET' },
      },
      'job failed',
    );
    app.log.warn({ headers: { authorization: 'SECRET' }, form: { password: 'SECRET', confirmPassword: 'SECRET' } }, 'by hand');
  });
  expect(out).toContain('"code":"22P02"'); // invalid input syntax for type integer
  expect(out).toContain('"code":"23505"'); // unique violation (its detail quotes the e-mail)
  expect(out).toContain('connection lost');
  expect(out).not.toContain('SECRET');
  expect(out).not.toMatch(/SELECT|INSERT/);
});

it('scrubs a token from messages built from URLs (not found)', async () => {
  const out = await logOf((app) => app.inject({ method: 'GET', url: '/login/sso/success?code=SECRET-sso&state=SECRET-state' }));
  expect(out).toContain('not found');
  expect(out).not.toContain('SECRET');
});

it("never writes SUSHI's api_key or requestor_id, however the name is spelt, nor other secret parameters", async () => {
  const out = await logOf(async (app) => {
    for (const query of [
      'customer_id=7&requestor_id=SECRET-req&api_key=SECRET-key&begin_date=2026-01',
      'API_KEY=SECRET-1&apiKey=SECRET-2&api%5Fkey=SECRET-3&api_key[]=SECRET-4&x-api-key=SECRET-5',
      'access_token=SECRET-6&client_secret=SECRET-7&new_password=SECRET-8;api_key=SECRET-9',
    ])
      await app.inject({ method: 'GET', url: `/sushi/r51/reports/tr?${query}` }); // not found: logged with its URL
  });
  expect(out).toContain('customer_id=7');
  expect(out).toContain('begin_date=2026-01');
  expect(out).toContain('api_key=[redacted]');
  expect(out).toContain('not found');
  expect(out).not.toContain('SECRET');
});

it('logs a client that goes away in the middle of a compressed answer at info, not as an error', async () => {
  lines.length = 0;
  const app = Fastify({ logger: { ...(loggerOptions('info') as object), stream } });
  await app.register(compress, { global: true, threshold: 1024 });
  // An answer that never ends on its own: the client always leaves in the middle of it.
  app.get('/endless', (_req, reply) => {
    const text = Readable.from(
      (function* () {
        for (;;) yield 'x'.repeat(16_384);
      })(),
    );
    return reply.type('text/plain').send(text);
  });
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((done) => {
      const req = http.get(`${base}/endless`, { headers: { 'accept-encoding': 'gzip' } }, (res) => res.once('data', () => req.destroy()));
      req.on('close', done);
      req.on('error', () => undefined);
    });
    await expect.poll(() => lines.join('')).toContain('went away');
  } finally {
    await app.close();
  }
  const out = lines.join('');
  const gone = out.split('\n').filter((l) => l.includes('went away'));
  expect(gone.length).toBeGreaterThan(0);
  for (const line of gone) expect(JSON.parse(line).level).toBe(30);
  expect(out).not.toMatch(/"level":50/);
});
