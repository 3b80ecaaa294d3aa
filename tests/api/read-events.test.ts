// Read events feed popularity and the institutions' reports, so they must not be forgeable: only
// issues the reader may open count, the source is the server's word, and popularity counts
// readers, not raw events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { refreshPopularity } from '../../src/server/jobs/popularity';
import { READER_EVENTS_MAX } from '../../src/shared/constants';
import { READ_EVENT_ISSUES_MAX } from '../../src/server/routes/reader/index';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
});
afterAll(() => t?.close());

const signIn = (email: string) => signInByCode(t.db, api, outbox, email);
const firstIssue = async (mid: number) =>
  (await t.db.query<{ issue_id: number }>('SELECT min(issue_id) AS issue_id FROM issues WHERE mid = $1', [mid])).rows[0].issue_id;
const views = (issueId: number, n: number, extra: object = {}) =>
  Array.from({ length: n }, (_, i) => ({ kind: 'page_view', issueId, page: 1 + (i % 2), at: Date.now() - 1000 - i, ...extra }));
/** Sends a batch of events, built loosely (some claim a source the schema has no field for). */
const sendEvents = (events: object[], token: string) => api.call(endpoints.readerEvents, { body: unchecked({ events }) }, token);
const countOf = async (userId: number) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM usage_events WHERE user_id = $1', [userId])).rows[0].n;

describe('read events', () => {
  it('a guest with no library stores nothing, whatever source it claims', async () => {
    const guest = await api.call(endpoints.guestLogin, { body: { uniqId: 'device-events-0123456789', os: 'web' } });
    expect(guest.status).toBe(200);
    const id = (await t.db.query<{ id: number }>(`SELECT id FROM users WHERE uuid = $1`, [guest.body.uuid])).rows[0].id;
    const res = await sendEvents(views(await firstIssue(FX.mid.biz), READER_EVENTS_MAX, { source: 'zone' }), guest.body.jwtoken);
    expect(res.body).toEqual({ status: 1, stored: 0 });
    expect(await countOf(id)).toBe(0);
  });

  it('a member stores events of the issues they may open only, always with the source web', async () => {
    const r = await signIn('events.mixed@basic.edu'); // Basic S: no newspapers
    const mag = await firstIssue(FX.mid.biz);
    const paper = await firstIssue(FX.mid.paper);
    const res = await sendEvents([...views(mag, 2, { source: 'zone' }), ...views(paper, 3)], r.token);
    expect(res.body).toEqual({ status: 1, stored: 2 });
    const rows = (await t.db.query(`SELECT issue_id, source FROM usage_events WHERE user_id = $1`, [r.id])).rows;
    expect(rows).toEqual([
      { issue_id: mag, source: 'web' },
      { issue_id: mag, source: 'web' },
    ]);
  });

  it(`one batch counts at most ${READ_EVENT_ISSUES_MAX} distinct issues (each costs an entitlement check)`, async () => {
    const r = await signIn('many.issues@active.edu');
    const { rows } = await t.db.query<{ issue_id: number }>(
      `INSERT INTO issues (mid, name, pub_date, page_count) SELECT $1, 'Extra ' || n, '2026-01-01', 2 FROM generate_series(1, $2) AS n RETURNING issue_id`,
      [FX.mid.tech, READ_EVENT_ISSUES_MAX + 10],
    );
    const res = await sendEvents(
      rows.flatMap((x) => views(x.issue_id, 2)),
      r.token,
    );
    expect(res.body).toEqual({ status: 1, stored: READ_EVENT_ISSUES_MAX * 2 });
  });

  it("popularity counts readers: one reader's flood of views weighs less than three readers", async () => {
    await t.db.query(`DELETE FROM usage_events`);
    const flooder = await signIn('flood@active.edu');
    const tech = await firstIssue(FX.mid.tech);
    for (let i = 0; i < 3; i++)
      expect((await sendEvents(views(tech, READER_EVENTS_MAX), flooder.token)).body.stored).toBe(READER_EVENTS_MAX);
    const hindi = await firstIssue(FX.mid.hindiMag);
    for (const who of ['one@active.edu', 'two@active.edu', 'three@active.edu']) {
      expect((await sendEvents(views(hindi, 1), (await signIn(who)).token)).body.stored).toBe(1);
    }
    await refreshPopularity(t.db);
    const pop = (
      await t.db.query<{ mid: number; reads: number; rank: number }>(`SELECT mid, reads, rank FROM title_popularity ORDER BY rank LIMIT 2`)
    ).rows;
    expect(pop).toEqual([
      { mid: FX.mid.hindiMag, reads: 3, rank: 1 },
      { mid: FX.mid.tech, reads: 1, rank: 2 },
    ]);
  });

  it('a refresh writes only the titles whose reads or rank changed', async () => {
    // (xmin: the transaction that last wrote the row)
    const versions = async () =>
      new Map(
        (await t.db.query<{ mid: number; v: string }>(`SELECT mid, xmin::text AS v FROM title_popularity`)).rows.map((r) => [r.mid, r.v]),
      );
    await refreshPopularity(t.db);
    const before = await versions();
    await refreshPopularity(t.db);
    expect(await versions()).toEqual(before); // nothing new: no row written

    // Three more readers of tech: it passes Hindi, and the two swap places; no other title moves.
    const tech = await firstIssue(FX.mid.tech);
    for (const who of ['four@active.edu', 'five@active.edu', 'six@active.edu'])
      expect((await sendEvents(views(tech, 1), (await signIn(who)).token)).body.stored).toBe(1);
    await refreshPopularity(t.db);
    const after = await versions();
    const written = [...after].filter(([mid, v]) => before.get(mid) !== v).map(([mid]) => mid);
    expect(written.sort()).toEqual([FX.mid.hindiMag, FX.mid.tech].sort());
    const { rows } = await t.db.query(`SELECT mid, reads, rank FROM title_popularity ORDER BY rank LIMIT 2`);
    expect(rows).toEqual([
      { mid: FX.mid.tech, reads: 4, rank: 1 },
      { mid: FX.mid.hindiMag, reads: 3, rank: 2 },
    ]);
  });
});
