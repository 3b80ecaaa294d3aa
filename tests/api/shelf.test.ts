// My Shelf's server side: the issues a reader started, newest first, with their pages and
// covers; finished issues leave; issues only this device knows come along; bad input is a 400, signed out a 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
});
afterAll(() => t?.close());

const issuesOf = async (mid: number) =>
  (await t.db.query<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 ORDER BY issue_id', [mid])).rows.map(
    (r) => r.issue_id,
  );

describe('continue reading', () => {
  it('lists the started issues newest first with the page, the page count and a cover', async () => {
    const r = await signInByCode(t.db, api, outbox, 'shelf@active.edu');
    const [first, second] = await issuesOf(FX.mid.biz);
    expect((await api.call(endpoints.shelfContinue, {}, r.token)).body).toEqual({ items: [] });
    await api.call(endpoints.readerProgress, { body: { issueId: first, page: 1, at: Date.now() - 60_000 } }, r.token);
    await api.call(endpoints.readerProgress, { body: { issueId: second, page: 1, at: Date.now() - 1000 } }, r.token);
    const res = await api.call(endpoints.shelfContinue, {}, r.token);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => i.issueId)).toEqual([second, first]);
    expect(res.body.items[1]).toMatchObject({ issueId: first, mid: FX.mid.biz, titleName: 'Business Weekly', page: 1, pages: 2 });
    expect(res.body.items[1].at).toBeGreaterThan(Date.now() - 120_000);
  });

  it("adds the issues this device names with no page, and only the reader's own progress", async () => {
    const other = await signInByCode(t.db, api, outbox, 'shelf2@active.edu');
    const [first] = await issuesOf(FX.mid.biz);
    const res = await api.call(endpoints.shelfContinue, { query: { issues: `${first},999999` } }, other.token);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ issueId: first, page: null, at: null });
  });

  it('leaves out a finished issue (the last page reached) unless this device names it, with its page', async () => {
    const r = await signInByCode(t.db, api, outbox, 'shelf4@active.edu');
    const [first, second] = await issuesOf(FX.mid.biz);
    await api.call(endpoints.readerProgress, { body: { issueId: first, page: 1, at: Date.now() - 60_000 } }, r.token);
    await api.call(endpoints.readerProgress, { body: { issueId: second, page: 2, at: Date.now() - 1000 } }, r.token);
    const res = await api.call(endpoints.shelfContinue, {}, r.token);
    expect(res.body.items.map((i) => i.issueId)).toEqual([first]);
    // The device may be reading it again: it gets the server's page and decides.
    const named = await api.call(endpoints.shelfContinue, { query: { issues: String(second) } }, r.token);
    expect(named.body.items.find((i) => i.issueId === second)).toMatchObject({ page: 2, pages: 2 });
  });

  it('refuses bad input with a 400 and a signed-out request with a 401', async () => {
    const r = await signInByCode(t.db, api, outbox, 'shelf3@active.edu');
    const bad = await api.call(endpoints.shelfContinue, { query: { issues: '1,x' } }, r.token);
    expect(bad.status).toBe(400);
    expect(bad.error.message).toMatch(/issue ids/);
    const tooMany = Array.from({ length: 21 }, (_, i) => i + 1).join(',');
    expect((await api.call(endpoints.shelfContinue, { query: { issues: tooMany } }, r.token)).status).toBe(400);
    expect((await api.call(endpoints.shelfContinue)).status).toBe(401);
  });
});
