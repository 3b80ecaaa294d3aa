// The endpoint table (src/shared/endpoints) is the API's one list: every route the server
// registers under /api and /content is an entry with the same method, path and schemas, and every entry is a
// route. The API tests' typed call parses each reply with the entry's schema.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testApp, type TestContext } from '../support/app';
import { apiClient, xsrfToken } from '../support/api-client';
import * as endpoints from '../../src/shared/endpoints';
import { routeSchema } from '../../src/server/routes/endpoint';
import { pathOf, type Endpoint } from '../../src/shared/endpoints/endpoint';

let t: TestContext;
const routes: RouteOptions[] = [];
beforeAll(async () => {
  t = await testApp(undefined, { onRoute: (r) => routes.push(r) });
});
afterAll(() => t?.close());

const entries = Object.entries(endpoints as Record<string, Endpoint>);
// Fastify adds a HEAD route for every GET by itself.
const tableRoutes = () =>
  routes
    .flatMap((r) => [r.method].flat().map((method) => ({ method, url: r.url, schema: r.schema })))
    .filter((r) => r.method !== 'HEAD' && (r.url.startsWith('/api/') || r.url.startsWith('/content/')));

describe('the endpoint table', () => {
  it('has every /api and /content route with its method, path and schemas, and nothing the server does not register', () => {
    const registered = tableRoutes();
    expect(registered.length).toBeGreaterThan(150);
    expect(registered.filter((r) => r.url.startsWith('/content/')).length).toBeGreaterThanOrEqual(29);
    const table = new Map(entries.map(([name, e]) => [`${e.method} ${e.path}`, { name, e }]));
    const missing = registered.map((r) => `${r.method} ${r.url}`).filter((key) => !table.has(key));
    expect(missing).toEqual([]);
    const unregistered = [...table.keys()].filter((key) => !registered.some((r) => `${r.method} ${r.url}` === key));
    expect(unregistered).toEqual([]);
    expect(table.size).toBe(entries.length); // no path twice
    // The very schema objects of the entry, so a route cannot validate or answer otherwise.
    for (const r of registered) {
      const { name, e } = table.get(`${r.method} ${r.url}`)!;
      const schema = (r.schema ?? {}) as Record<string, unknown>;
      const expected = routeSchema(e) as Record<string, unknown>;
      for (const key of ['params', 'querystring', 'body']) expect([name, key, schema[key] === expected[key]]).toEqual([name, key, true]);
      const got = (schema.response ?? {}) as Record<string, unknown>;
      const want = (expected.response ?? {}) as Record<string, unknown>;
      expect([name, Object.keys(got).sort()]).toEqual([name, Object.keys(want).sort()]);
      for (const status of Object.keys(want)) expect([name, status, got[status] === want[status]]).toEqual([name, status, true]);
    }
  });

  it('fills in the params of a path, encoded', () => {
    expect(pathOf(endpoints.consoleZonesRemove, { institutionId: 3, zoneId: 12 })).toBe('/api/console/institutions/3/zones/12/remove');
    expect(pathOf(endpoints.consoleReports, { institutionId: 3, report: 'a/b c' })).toBe('/api/console/institutions/3/reports/a%2Fb%20c');
    expect(() => pathOf(endpoints.consoleZonesRemove, { institutionId: 3 })).toThrow(':zoneId');
  });
});

describe('the typed call of the API tests', () => {
  it('parses a 2xx reply with the entry, an error as ApiError, and fails on a reply that drifted', async () => {
    const api = apiClient(t.app, await xsrfToken(t.app));
    const stores = await api.call(endpoints.appStores);
    expect(stores.status).toBe(200);
    expect(stores.body.claims).toEqual({ en: expect.any(String), hi: expect.any(String) });
    const refused = await api.call(endpoints.shelfContinue, { query: { issues: '1' } });
    expect([refused.status, refused.body, refused.error.code]).toEqual([401, null, expect.any(String)]);
    const drifted = { ...endpoints.appStores, reply: z.object({ android: z.number() }) };
    await expect(api.call(drifted)).rejects.toThrow(z.ZodError);
  });
});
