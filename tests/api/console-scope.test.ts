// The console's API is one scope: every route registered in it is checked before its handler runs
// (signed in, a console role, the institution named in the URL, admin rights where declared), so
// a console route without the checks cannot be added. The checks' answers and their order are
// those the console has always given.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { grantConsoleRole } from '../../src/server/repositories/console';
import { consoleRoute } from '../../src/server/routes/api/console-guard';
import * as endpoints from '../../src/shared/endpoints';
import type { Endpoint } from '../../src/shared/endpoints/endpoint';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
const routes: RouteOptions[] = [];
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer, onRoute: (r) => routes.push(r) });
  api = apiClient(t.app, await xsrfToken(t.app));
  for (const email of ['librarian@active.edu', 'member@active.edu']) tokens[email] = (await signInByCode(t.db, api, outbox, email)).token;
  expect(await grantConsoleRole(t.db, { email: 'librarian@active.edu', role: 'librarian', orgCode: 'ACT', actorId: null })).toMatchObject({
    ok: true,
  });
});
afterAll(() => t?.close());

const consoleRoutes = () => routes.filter((r) => r.url.startsWith('/api/console'));
const entries = Object.values(endpoints as Record<string, Endpoint>);
const methods = (r: RouteOptions) => [r.method].flat().filter((m) => m === 'GET' || m === 'POST') as ('GET' | 'POST')[];

describe('the console scope', () => {
  it('marks every console route as such, and every one naming an institution for the institution check', () => {
    expect(consoleRoutes().length).toBeGreaterThan(60);
    for (const r of routes) {
      const where = `${[r.method].flat().join()} ${r.url}`;
      const inConsole = r.url.startsWith('/api/console/');
      expect([where, r.config?.console ?? false]).toEqual([where, inConsole]);
      if (inConsole) expect([where, r.config?.consoleInstitution]).toEqual([where, r.url.includes('/:institutionId')]);
    }
  });

  it("refuses a signed-out caller, a reader, another institution's librarian and a librarian on an admin route, on every console call", async () => {
    let walked = 0;
    for (const r of consoleRoutes()) {
      for (const method of methods(r)) {
        const entry = entries.find((e) => e.method === method && e.path === r.url)!;
        const params = (institutionId: number) =>
          Object.fromEntries(
            [...r.url.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [
              name,
              name === 'institutionId' ? institutionId : name === 'report' ? 'TR' : 1,
            ]),
          );
        const call = (token: string | undefined, institutionId = FX.inst.expired) =>
          api.call(entry, { params: unchecked(params(institutionId)) }, token);
        const where = `${method} ${r.url}`;
        // Input is validated first, as it always was: a route whose empty input is a 400 is not walked.
        const signedOut = await call(undefined);
        if (signedOut.status === 400) continue;
        walked++;
        expect([where, signedOut.status]).toEqual([where, 401]);
        const reader = await call(tokens['member@active.edu']);
        expect([where, reader.status, reader.error.message]).toEqual([where, 403, 'The library console is for librarians.']);
        const librarian = await call(tokens['librarian@active.edu']);
        // The admin check comes before the institution's.
        const refusal = r.config?.consoleAdmin
          ? 'That is for Lectern admins.'
          : r.config?.consoleInstitution
            ? "That is another institution's console."
            : null;
        if (refusal) expect([where, librarian.status, librarian.error.message]).toEqual([where, 403, refusal]);
        else expect([where, librarian.status]).not.toEqual([where, 403]);
      }
    }
    expect(walked).toBeGreaterThan(30);
  });

  it('refuses, as the server starts, a console route outside the console URLs or one naming an institution without a params schema', () => {
    const route = (url: string, schema = {}) =>
      ({ method: 'GET', url, prefix: '/api', schema, handler: async () => null }) as unknown as Parameters<typeof consoleRoute>[0];
    expect(() => consoleRoute(route('/api/institutions/:institutionId'), '/console')).toThrow(/starts with \/console\//);
    expect(() => consoleRoute(route('/api/console/institutions/:institutionId/x'), '/console')).toThrow(/params schema/);
    const ok = route('/api/console/institutions/:institutionId/x', { params: {} });
    consoleRoute(ok, '/console');
    expect(ok.config).toEqual({ console: true, consoleInstitution: true });
  });
});
