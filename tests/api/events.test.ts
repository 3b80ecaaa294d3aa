// Usage events reported by the app: stored with the reader when signed in; only known kinds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, unchecked, xsrfToken } from '../support/api-client';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await testApp();
  api = apiClient(t.app, await xsrfToken(t.app));
});
afterAll(() => t?.close());

describe('POST /api/events', () => {
  it('records a search that found nothing, with its term and tab', async () => {
    const res = await api.call(endpoints.events, { body: { kind: 'search_no_results', detail: 'zzqxjv', mode: 1 } });
    expect(res.status).toBe(200);
    const { rows } = await t.db.query(`SELECT kind, detail, user_id FROM usage_events`);
    expect(rows).toEqual([{ kind: 'search_no_results', detail: '1:zzqxjv', user_id: null }]);
  });

  it('refuses unknown kinds and calls without the XSRF header, storing nothing', async () => {
    expect((await api.call(endpoints.events, { body: unchecked({ kind: 'page_view' }) })).status).toBe(400);
    const noXsrf = await t.app.inject({ method: 'POST', url: '/api/events', payload: { kind: 'search_no_results' } });
    expect(noXsrf.statusCode).toBe(403);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM usage_events`)).rows[0].n).toBe(1);
  });
});
