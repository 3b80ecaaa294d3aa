// Story reads and title views are usage events too: a signed-in reader's are stored with
// the institution and counted for COUNTER (a story read is a request and an investigation of its
// issue, a title view an investigation of the issue the page shows), double clicks once.
// On PostgreSQL too: views of one title at once counted once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
let token: string;
const outbox = memoryOutbox();

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
  token = (await signInByCode(t.db, api, outbox, 'member@active.edu')).token;
});
afterAll(() => t?.close());

/** This year's counts of a title by metric, for the active institution. */
async function counts(mid: number) {
  const { rows } = await t.db.query<{ metric: string; n: number }>(
    `SELECT metric, (m01+m02+m03+m04+m05+m06+m07+m08+m09+m10+m11+m12)::int AS n FROM counter_title_months
     WHERE institution_id = $1 AND mid = $2 AND year = extract(year FROM now())::int`,
    [FX.inst.active, mid],
  );
  return Object.fromEntries(rows.map((r) => [r.metric, r.n]));
}
const events = async (kind: string) =>
  (
    await t.db.query<{ mid: number; issue_id: number | null; institution_id: number | null }>(
      'SELECT mid, issue_id, institution_id FROM usage_events WHERE kind = $1 ORDER BY id',
      [kind],
    )
  ).rows;

describe('POST /api/events/view', () => {
  it('counts a story read as a request and an investigation of its issue, once within 30 seconds', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await api.call(endpoints.eventsView, { body: { kind: 'story_read', url: 'campus-libraries-1' } }, token);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(1);
    }
    expect(await events('story_read')).toEqual([
      { mid: FX.mid.biz, issue_id: 1, institution_id: FX.inst.active },
      { mid: FX.mid.biz, issue_id: 1, institution_id: FX.inst.active },
    ]);
    expect(await counts(FX.mid.biz)).toMatchObject({
      Total_Item_Requests: 1,
      Unique_Item_Requests: 1,
      Unique_Title_Requests: 1,
      Total_Item_Investigations: 1,
      Unique_Title_Investigations: 1,
    });
  });

  it('counts a title view as an investigation of the issue it shows (asked for, else the latest), never a request', async () => {
    const latest = (
      await t.db.query<{ issue_id: number }>(
        'SELECT issue_id FROM issues WHERE mid = $1 AND NOT is_special ORDER BY pub_date DESC LIMIT 1',
        [FX.mid.tech],
      )
    ).rows[0].issue_id;
    const older = (
      await t.db.query<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 ORDER BY pub_date LIMIT 1', [FX.mid.tech])
    ).rows[0].issue_id;
    expect((await api.call(endpoints.eventsView, { body: { kind: 'title_view', mid: FX.mid.tech } }, token)).status).toBe(200);
    expect((await api.call(endpoints.eventsView, { body: { kind: 'title_view', mid: FX.mid.tech, issueId: older } }, token)).status).toBe(
      200,
    );
    // Another title's issue is not this title's: the latest stands in.
    expect((await api.call(endpoints.eventsView, { body: { kind: 'title_view', mid: FX.mid.tech, issueId: 1 } }, token)).status).toBe(200);
    expect((await events('title_view')).map((e) => e.issue_id)).toEqual([latest, older, latest]);
    const c = await counts(FX.mid.tech);
    expect(c.Total_Item_Investigations).toBe(2); // the third is the first again within 30 seconds
    expect(c.Unique_Item_Investigations).toBe(2);
    expect(c.Unique_Title_Investigations).toBe(1);
    expect(c.Total_Item_Requests).toBeUndefined();
  });

  it('counts many views of one title sent at once as one (the reader row lock orders them)', async () => {
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => api.call(endpoints.eventsView, { body: { kind: 'title_view', mid: FX.mid.journal } }, token)),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(await counts(FX.mid.journal)).toMatchObject({ Total_Item_Investigations: 1, Unique_Title_Investigations: 1 });
  });

  it('stores nothing signed out, 404s what does not exist, 400s what is malformed', async () => {
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_events')).rows[0].n;
    const anon = await api.call(endpoints.eventsView, { body: { kind: 'title_view', mid: FX.mid.paper } });
    expect(anon.status).toBe(200);
    expect(anon.body.message).toMatch(/signed out/);
    for (const body of [
      { kind: 'story_read', url: 'no-such-story' },
      { kind: 'title_view', mid: 999999 },
    ] as const) {
      const res = await api.call(endpoints.eventsView, { body }, token);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.error.code).toBe('not_found');
    }
    for (const body of [
      {},
      { kind: 'page_view', mid: 1 },
      { kind: 'story_read' },
      { kind: 'story_read', url: 'a\u0000b' },
      { kind: 'story_read', url: 'x'.repeat(301) },
      { kind: 'title_view', mid: 0 },
      { kind: 'title_view', mid: 2 ** 40 },
      { kind: 'title_view', mid: 1, issueId: -1 },
    ]) {
      const res = await api.call(endpoints.eventsView, { body: unchecked(body) }, token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.error.code).toBe('bad_request');
    }
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_events')).rows[0].n).toBe(before);
  });
});
