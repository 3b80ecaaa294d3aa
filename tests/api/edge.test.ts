// The HTTP edge: which address a request counts under (TRUST_PROXY), the XSRF check on the path
// the router reads, request-count caps (@fastify/rate-limit) and timeouts for slow clients.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { parseTrustProxy } from '../../src/server/config';
import { normalisedPath } from '../../src/server/plugins/xsrf';
import { REQUEST_CAPS, clientKey } from '../../src/server/plugins/request-limits';
import * as endpoints from '../../src/shared/endpoints';

const count = async (t: TestContext, sql: string) => (await t.db.query<{ n: number }>(sql)).rows[0].n;

/** Guest logins from one socket address, each naming a different client in X-Forwarded-For. */
async function guestLogins(t: TestContext, n: number, tag: string) {
  const xsrf = await xsrfToken(t.app);
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/guest/login',
      remoteAddress: '198.51.100.7',
      cookies: { 'XSRF-TOKEN': xsrf },
      headers: { 'x-xsrf-token': xsrf, 'x-forwarded-for': `203.0.113.${i + 1}` },
      payload: { uniqId: `${tag}-device-${String(i).padStart(12, '0')}`, os: 'web' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('client IP (TRUST_PROXY)', () => {
  it('parses TRUST_PROXY: none by default, a hop count, or a list', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
  });

  it('by default a spoofed X-Forwarded-For does not dodge the per-IP guest cap', async () => {
    const t = await testApp();
    try {
      const statuses = await guestLogins(t, REQUEST_CAPS.guestSessions.max + 1, 'spoof');
      expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect(await count(t, `SELECT count(*)::int AS n FROM users WHERE user_type = 'guest'`)).toBe(REQUEST_CAPS.guestSessions.max);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY=1 the nearest proxy names the client', async () => {
    const t = await testApp(undefined, { config: { trustProxy: 1 } });
    try {
      const statuses = await guestLogins(t, REQUEST_CAPS.guestSessions.max + 1, 'proxied');
      expect(statuses.every((s) => s === 200)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY=loopback only a proxy on loopback may name the client', async () => {
    const t = await testApp(loadCatalogue, { config: { trustProxy: ['loopback'], rateLimitPerMinute: 2 } });
    try {
      const statuses = async (remoteAddress: string) => {
        const out: number[] = [];
        for (let i = 1; i <= 3; i++) {
          out.push(
            (
              await t.app.inject({
                method: 'GET',
                url: '/content/getStores',
                remoteAddress,
                headers: { 'x-forwarded-for': `203.0.113.${i}` },
              })
            ).statusCode,
          );
        }
        return out;
      };
      expect(await statuses('127.0.0.1')).toEqual([200, 200, 200]);
      expect(await statuses('198.51.100.8')).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('XSRF on the path the router reads', () => {
  let t: TestContext;
  let guest: { token: string; uid: string };
  beforeAll(async () => {
    t = await testApp(loadCatalogue);
    const res = await apiClient(t.app, await xsrfToken(t.app)).call(endpoints.guestLogin, {
      body: { uniqId: 'xsrf-guest-0123456789', os: 'web' },
    });
    expect(res.status).toBe(200);
    guest = { token: res.body.jwtoken, uid: res.body.uid };
  });
  afterAll(() => t?.close());

  const guests = () => count(t, `SELECT count(*)::int AS n FROM users WHERE user_type = 'guest'`);
  const favourites = () => count(t, `SELECT count(*)::int AS n FROM favourites`);

  it('normalises: percent-decoding, dot segments, duplicate slashes, case', () => {
    expect(normalisedPath('/%61pi/guest/login?x=1')).toBe('/api/guest/login');
    expect(normalisedPath('//api//guest/./x/../login')).toBe('/api/guest/login');
    expect(normalisedPath('/API/Guest')).toBe('/api/guest');
    expect(normalisedPath('/api%2Fguest')).toBe('/api/guest');
    expect(() => normalisedPath('/api/%zz')).toThrow();
  });

  it('refuses encoded /api and /content paths without the XSRF pair, and changes nothing', async () => {
    const before = await guests();
    for (const url of [
      '/%61pi/guest/login',
      '/%61%70%69/guest/login',
      '/ap%69/guest/login',
      '/api%2Fguest/login',
      '/./api/guest/login',
      '/api/./guest/login',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { uniqId: 'xsrf-bypass-0123456789', os: 'web' },
        remoteAddress: '192.0.2.10',
      });
      expect([url, res.statusCode]).toEqual([url, 403]);
      expect(res.json().error.code).toBe('xsrf');
    }
    expect(await guests()).toBe(before);

    const fav = await t.app.inject({
      method: 'POST',
      url: '/%63ontent/addmy_fav',
      remoteAddress: '192.0.2.10',
      headers: { authorization: guest.token },
      payload: { uid: guest.uid, mid: FX.mid.biz, os: 'web' },
    });
    expect(fav.statusCode).toBe(403);
    expect(await favourites()).toBe(0);
  });

  it('checks every unsafe method, known or not', async () => {
    const before = await guests();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'MKCOL'] as const) {
      for (const url of ['/api/guest/login', '/%61pi/guest/login']) {
        const res = await t.app.inject({
          method: method as any,
          url,
          payload: { uniqId: 'xsrf-method-0123456789', os: 'web' },
          remoteAddress: '192.0.2.11',
        });
        expect([method, url, res.statusCode]).toEqual([method, url, 403]);
      }
    }
    expect(await guests()).toBe(before);
  });

  it('marks every /api answer no-store by the path the router reads, however the URL spells it', async () => {
    const xsrf = await xsrfToken(t.app);
    for (const prefix of ['/api', '/%61pi', '/%61%70%69', '//api', '/./api']) {
      for (const [method, path, payload] of [
        ['GET', '/reader/downloads?deviceId=edge-device-0001', undefined],
        ['POST', '/reader/token', { issue: 999999 }],
        ['GET', '/guest/validate', undefined],
      ] as const) {
        const res = await t.app.inject({
          method,
          url: prefix + path,
          payload,
          cookies: { 'XSRF-TOKEN': xsrf },
          headers: { 'x-xsrf-token': xsrf, authorization: guest.token },
        });
        expect([prefix + path, res.statusCode < 500, res.headers['cache-control']]).toEqual([prefix + path, true, 'no-store']);
      }
    }
  });

  it('answers a malformed percent-encoding with a 400 in the error shape, never a 500', async () => {
    const xsrf = await xsrfToken(t.app);
    for (const [method, url] of [
      ['POST', '/api/%zz'],
      ['POST', '/%zzpi/guest/login'],
      ['GET', '/content/%E0%A4'],
      ['GET', '/%'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        cookies: { 'XSRF-TOKEN': xsrf },
        headers: { 'x-xsrf-token': xsrf },
        payload: method === 'POST' ? {} : undefined,
      });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json().error.code).toBe('bad_request');
    }
  });
});

describe('request-count caps (@fastify/rate-limit)', () => {
  it('counts an IPv4 address by itself and an IPv6 address by its /64', () => {
    expect(clientKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(clientKey({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
    expect(clientKey({ ip: '2001:db8:a:b:1:2:3:4' })).toBe('2001:db8:a:b::/64');
    expect(clientKey({ ip: '2001:0db8:000a:000b:ffff::9' })).toBe('2001:db8:a:b::/64');
    expect(clientKey({ ip: '2001:db8::1' })).toBe('2001:db8:0:0::/64');
    expect(clientKey({ ip: '::1' })).toBe('0:0:0:0::/64');
    expect(clientKey({ ip: undefined })).toBe('gone');
  });

  it('IPv6 clients of one /64 share a cap', async () => {
    const t = await testApp(loadCatalogue, { config: { rateLimitPerMinute: 2 } });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 3; i++)
        statuses.push((await t.app.inject({ method: 'GET', url: '/content/getStores', remoteAddress: `2001:db8:a:b::${i}` })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('caps /api and /content per IP at RATE_LIMIT_PER_MINUTE, with the error shape and Retry-After', async () => {
    const t = await testApp(loadCatalogue, { config: { rateLimitPerMinute: 5 } });
    try {
      const get = (ip: string, url = '/content/getStores') => t.app.inject({ method: 'GET', url, remoteAddress: ip });
      for (let i = 0; i < 5; i++) expect((await get('192.0.2.20')).statusCode).toBe(200);
      const refused = await get('192.0.2.20');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: { code: 'too_many_requests', message: 'Too many attempts. Please try again later.' } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected; the app's own files and media are never capped.
      expect((await get('192.0.2.21')).statusCode).toBe(200);
      expect((await get('192.0.2.20', '/manifest.webmanifest')).statusCode).not.toBe(429);
    } finally {
      await t.close();
    }
  });

  it('RATE_LIMIT_PER_MINUTE=0 turns the global cap off', async () => {
    const t = await testApp(loadCatalogue, { config: { rateLimitPerMinute: 0 } });
    try {
      for (let i = 0; i < 20; i++)
        expect((await t.app.inject({ method: 'GET', url: '/content/getStores', remoteAddress: '192.0.2.22' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('caps usage events and reader events per IP', async () => {
    const t = await testApp(undefined, { config: { rateLimitPerMinute: 0 } });
    try {
      const xsrf = await xsrfToken(t.app);
      for (const [url, cap] of [
        ['/api/events', REQUEST_CAPS.usageEvents.max],
        ['/api/reader/events', REQUEST_CAPS.readEvents.max],
      ] as const) {
        // Any request counts, stored or refused: an invalid body keeps the test from writing rows.
        const post = () =>
          t.app.inject({
            method: 'POST',
            url,
            payload: {},
            remoteAddress: '192.0.2.30',
            cookies: { 'XSRF-TOKEN': xsrf },
            headers: { 'x-xsrf-token': xsrf },
          });
        for (let i = 0; i < cap; i++) expect((await post()).statusCode).not.toBe(429);
        const refused = await post();
        expect([url, refused.statusCode]).toEqual([url, 429]);
        expect(refused.json().error.code).toBe('too_many_requests');
      }
    } finally {
      await t.close();
    }
  });
});

describe('timeouts for slow clients', () => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    t = await testApp(undefined, { config: { headersTimeoutMs: 1000, requestTimeoutMs: 2000, idleTimeoutMs: 5000 } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t?.close());

  /** Writes `parts` one by one with a pause between them until the server closes the socket;
   * resolves with what the server sent and whether every part was written before it closed. */
  function trickle(parts: string[], pauseMs: number): Promise<{ answer: string; sentAll: boolean }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      const next = () => {
        if (sent < parts.length && !socket.destroyed) socket.write(parts[sent++]);
        timer = setTimeout(next, pauseMs);
      };
      socket.on('connect', next);
      socket.on('data', (d) => {
        answer += d.toString();
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(timer);
        resolve({ answer, sentAll: sent >= parts.length });
      });
      setTimeout(() => {
        socket.destroy();
        reject(new Error('the server kept the slow connection open'));
      }, 30_000);
    });
  }

  it('closes a connection whose headers arrive too slowly, with a 408', async () => {
    const headers = [
      'GET /api/health HTTP/1.1\r\n',
      'Host: 127.0.0.1\r\n',
      ...Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: ${i}\r\n`),
      '\r\n',
    ];
    const { answer, sentAll } = await trickle(headers, 200);
    expect(sentAll).toBe(false);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose body arrives too slowly', async () => {
    const xsrf = await xsrfToken(t.app);
    const body = 'x'.repeat(40);
    const head = `POST /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: XSRF-TOKEN=${xsrf}\r\nX-XSRF-TOKEN: ${xsrf}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, sentAll } = await trickle([head, ...body.split('')], 200);
    expect(sentAll).toBe(false);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('the app shell on the path the router reads', () => {
  it('never answers an /api, /content or /reader path with the shell, however the URL spells it', async () => {
    const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-edge-'));
    fs.writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>shell</title>');
    const t = await testApp(undefined, { config: { appDir } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/some/screen' })).body).toContain('<title>shell</title>');
      for (const url of ['/%61pi/nope', '/API/nope', '//api/nope', '/api/./nope', '/%63ontent/nope', '/Reader/x/y']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 404, 'no-store']);
        expect(res.json().error.code).toBe('not_found');
      }
    } finally {
      await t.close();
      fs.rmSync(appDir, { recursive: true, force: true });
    }
  });
});
