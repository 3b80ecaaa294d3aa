// Offline writes delivered exactly once: the outbox routes honour Idempotency-Key (a retry gets the
// first answer again, Idempotent-Replayed: true, and changes nothing), and favourites resolve by
// the newest change by the device's time.
// On PostgreSQL too: copies of one request at once.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { housekeeping } from '../../src/server/jobs/housekeeping';
import * as endpoints from '../../src/shared/endpoints';
import { pathOf, type Endpoint } from '../../src/shared/endpoints/endpoint';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
let xsrf: string;
const outbox = memoryOutbox();
beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  xsrf = await xsrfToken(t.app);
  api = apiClient(t.app, xsrf);
});
afterAll(() => t?.close());

const signIn = (email: string) => signInByCode(t.db, api, outbox, email);
const newKey = () => crypto.randomUUID();

/** A POST as the outbox sends it: token, XSRF and (when given) the Idempotency-Key. To an entry
 * of the endpoint table or a /content path; the reply's Idempotent-Replayed header read too. */
async function send(to: Endpoint | string, body: unknown, token: string | undefined, key?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: typeof to === 'string' ? to : pathOf(to),
    payload: body as object,
    cookies: { 'XSRF-TOKEN': xsrf },
    headers: { 'x-xsrf-token': xsrf, ...(token ? { authorization: token } : {}), ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
  return { status: res.statusCode, body: res.json(), replayed: res.headers['idempotent-replayed'] === 'true' };
}

/** Sends twice with one key: the second answer is the first, replayed. */
async function twice(to: Endpoint | string, body: unknown, token: string, key = newKey()) {
  const first = await send(to, body, token, key);
  expect(first.status).toBe(200);
  expect(first.replayed).toBe(false);
  const second = await send(to, body, token, key);
  expect(second).toEqual({ ...first, replayed: true });
  return first;
}

const count = async (sql: string, params: unknown[]) => (await t.db.query<{ n: number }>(sql, params)).rows[0].n;
const readEvents = (userId: number) => count(`SELECT count(*)::int AS n FROM usage_events WHERE user_id = $1`, [userId]);
const firstIssue = async (mid: number) =>
  (await t.db.query<{ issue_id: number }>('SELECT min(issue_id) AS issue_id FROM issues WHERE mid = $1', [mid])).rows[0].issue_id;
const favs = async (uid: string, token: string) =>
  (await api.call(endpoints.favouritesList, { body: { uid } }, token)).body.msg[0].mid.values;

describe('Idempotency-Key on each outbox route', () => {
  it('POST /api/reader/events: a batch sent twice is stored once', async () => {
    const r = await signIn('idem.events@active.edu');
    const issueId = await firstIssue(FX.mid.biz);
    const at = Date.now() - 60_000;
    const body = {
      events: [
        { kind: 'issue_open', issueId, at },
        { kind: 'page_view', issueId, page: 1, at },
      ],
    };
    expect((await twice(endpoints.readerEvents, body, r.token)).body).toEqual({ status: 1, stored: 2 });
    expect(await readEvents(r.id)).toBe(2);
  });

  it('POST /api/reader/progress: a replay does not overwrite newer progress', async () => {
    const r = await signIn('idem.progress@active.edu');
    const issueId = await firstIssue(FX.mid.biz);
    const key = newKey();
    const first = await twice(endpoints.readerProgress, { issueId, page: 2 }, r.token, key);
    expect(first.body.page).toBe(2);
    expect((await api.call(endpoints.readerProgress, { body: { issueId, page: 3 } }, r.token)).body.page).toBe(3);
    expect(await send(endpoints.readerProgress, { issueId, page: 2 }, r.token, key)).toEqual({ ...first, replayed: true });
    const { rows } = await t.db.query('SELECT page_no FROM reading_progress WHERE user_id = $1', [r.id]);
    expect(rows).toEqual([{ page_no: 3 }]);
  });

  it('POST /content/addmy_fav and /content/deletemy_fav: a replayed add after a newer remove does not bring it back', async () => {
    const r = await signIn('idem.fav@active.edu');
    const add = { uid: r.uid, mid: FX.mid.biz };
    const addKey = newKey();
    expect((await twice('/content/addmy_fav', add, r.token, addKey)).body).toEqual({ status: 'success', result: 1, applied: true });
    expect((await twice('/content/deletemy_fav', add, r.token)).body).toEqual({ status: 'success', result: 0, applied: true });
    expect((await send('/content/addmy_fav', add, r.token, addKey)).replayed).toBe(true);
    expect(await favs(r.uid, r.token)).toEqual([]);
  });

  it('POST /api/user/emailpreference: a replay answers as before and changes nothing', async () => {
    const r = await signIn('idem.mail@active.edu');
    const off = { newIssues: false, recommendations: false, productNews: false };
    const on = { newIssues: true, recommendations: true, productNews: true };
    const key = newKey();
    expect((await twice(endpoints.userEmailpreferenceSave, off, r.token, key)).body).toEqual(off);
    await api.call(endpoints.userEmailpreferenceSave, { body: on }, r.token);
    expect((await send(endpoints.userEmailpreferenceSave, off, r.token, key)).body).toEqual(off);
    expect((await api.call(endpoints.userEmailpreference, {}, r.token)).body).toEqual(on);
  });

  it('POST /api/reader/downloads/remove: a replay does not remove a download made since', async () => {
    const r = await signIn('idem.downloads@active.edu');
    const issueId = await firstIssue(FX.mid.biz);
    const deviceId = 'idem-device-0001';
    const downloaded = () => count(`SELECT count(*)::int AS n FROM downloads WHERE user_id = $1`, [r.id]);
    expect((await api.call(endpoints.readerDownloadsAdd, { body: { issueId, deviceId } }, r.token)).status).toBe(200);
    const key = newKey();
    expect((await twice(endpoints.readerDownloadsRemove, { deviceId }, r.token, key)).body).toEqual({ status: 1, message: 'Removed' });
    expect(await downloaded()).toBe(0);
    await api.call(endpoints.readerDownloadsAdd, { body: { issueId, deviceId } }, r.token);
    expect((await send(endpoints.readerDownloadsRemove, { deviceId }, r.token, key)).replayed).toBe(true);
    expect(await downloaded()).toBe(1);
  });

  it('POST /api/events: once when signed in; signed out the header is ignored', async () => {
    const r = await signIn('idem.usage@active.edu');
    const body = { kind: 'search_no_results', detail: 'idempotent words' };
    expect((await twice(endpoints.events, body, r.token)).body).toEqual({ status: 1, message: 'Recorded' });
    expect(await readEvents(r.id)).toBe(1);
    const anonymous = () => count(`SELECT count(*)::int AS n FROM usage_events WHERE detail = 'signed out words'`, []);
    const key = newKey();
    for (let i = 0; i < 2; i++) {
      const res = await send(endpoints.events, { ...body, detail: 'signed out words' }, undefined, key);
      expect([res.status, res.replayed]).toEqual([200, false]);
    }
    expect(await anonymous()).toBe(2);
  });
});

describe('Idempotency-Key refusals', () => {
  it('a key reused for a different body or route is 422 and changes nothing', async () => {
    const r = await signIn('idem.reused@active.edu');
    const issueId = await firstIssue(FX.mid.biz);
    const key = newKey();
    const one = { events: [{ kind: 'issue_open', issueId, at: Date.now() }] };
    await send(endpoints.readerEvents, one, r.token, key);
    const reused = await send(endpoints.readerEvents, { events: [{ ...one.events[0], at: Date.now() - 1000 }] }, r.token, key);
    expect([reused.status, reused.body]).toEqual([
      422,
      { error: { code: 'idempotency_key_reused', message: 'This Idempotency-Key was already used for a different request.' } },
    ]);
    expect((await send(endpoints.readerProgress, { issueId, page: 1 }, r.token, key)).status).toBe(422);
    expect(await readEvents(r.id)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM reading_progress WHERE user_id = $1`, [r.id])).toBe(0);
  });

  it('a malformed key is 400 and changes nothing', async () => {
    const r = await signIn('idem.bad@active.edu');
    const issueId = await firstIssue(FX.mid.biz);
    const body = { events: [{ kind: 'issue_open', issueId, at: Date.now() }] };
    for (const key of ['short', 'a'.repeat(101), 'has space in it', 'semi;colon;key', '../../../etc', '']) {
      const res = await send(endpoints.readerEvents, body, r.token, key);
      expect([key, res.status, res.body]).toEqual([
        key,
        400,
        { error: { code: 'bad_request', message: "The Idempotency-Key header must be 8 to 100 letters, digits, '-' or '_'." } },
      ]);
    }
    expect(await readEvents(r.id)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = $1`, [r.id])).toBe(0);
  });

  it('keys are per reader: B sending A’s key is a fresh request', async () => {
    const a = await signIn('idem.a@active.edu');
    const b = await signIn('idem.b@active.edu');
    const issueId = await firstIssue(FX.mid.biz);
    const key = newKey();
    const body = { events: [{ kind: 'issue_open', issueId, at: Date.now() }] };
    expect((await send(endpoints.readerEvents, body, a.token, key)).replayed).toBe(false);
    const fromB = await send(endpoints.readerEvents, body, b.token, key);
    expect([fromB.status, fromB.replayed]).toEqual([200, false]);
    expect([await readEvents(a.id), await readEvents(b.id)]).toEqual([1, 1]);
  });

  it('a first request that failed (404) leaves the key free for the retry', async () => {
    const r = await signIn('idem.retry@active.edu');
    const key = newKey();
    const unknown = await send('/content/addmy_fav', { uid: r.uid, mid: 999_999 }, r.token, key);
    expect(unknown.status).toBe(404);
    expect((await send('/content/addmy_fav', { uid: r.uid, mid: 999_999 }, r.token, key)).status).toBe(404);
    // The title arrives (a catalogue update): the same request retried with the same key now runs.
    await t.db.query(
      `INSERT INTO titles (mid, name, slug, publisher, cat_id, lang_code, frequency, type)
       VALUES (999999, 'Late Arrival', 'late-arrival', 'Lectern', $1, 'en', 'Monthly', 'magazine')`,
      [FX.cats.business],
    );
    const retried = await send('/content/addmy_fav', { uid: r.uid, mid: 999_999 }, r.token, key);
    expect([retried.status, retried.replayed, retried.body.applied]).toEqual([200, false, true]);
    expect(await favs(r.uid, r.token)).toEqual([999_999]);
  });

  it('the same key while the first is in flight is 409; a stale reservation is taken over', async () => {
    const r = await signIn('idem.flight@active.edu');
    const issueId = await firstIssue(FX.mid.biz);
    const key = newKey();
    const body = { issueId, page: 2 };
    // What a request still running has left: a reservation with no answer yet.
    const hash = crypto.createHash('sha256').update(JSON.stringify(body)).digest('hex');
    await t.db.query(`INSERT INTO idempotency_keys (user_id, key, route, request_hash) VALUES ($1, $2, $3, $4)`, [
      r.id,
      key,
      'POST /api/reader/progress',
      hash,
    ]);
    const busy = await send(endpoints.readerProgress, body, r.token, key);
    expect([busy.status, busy.body]).toEqual([
      409,
      { error: { code: 'idempotency_in_flight', message: 'The same change is still being saved. Try again in a moment.' } },
    ]);
    await t.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '3 minutes' WHERE key = $1`, [key]);
    const taken = await send(endpoints.readerProgress, body, r.token, key);
    expect([taken.status, taken.replayed, taken.body.page]).toEqual([200, false, 2]);
    expect((await send(endpoints.readerProgress, body, r.token, key)).replayed).toBe(true);
  });

  it('keys are forgotten after 30 days', async () => {
    const r = await signIn('idem.purge@active.edu');
    const key = newKey();
    await send(endpoints.events, { kind: 'search_no_results' }, r.token, key);
    await t.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '31 days' WHERE key = $1`, [key]);
    await housekeeping(t.db, t.dataDir);
    expect(await count(`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1`, [key])).toBe(0);
  });
});

describe('favourites: the newest change wins, by the device time', () => {
  it('a remove at t2 delivered before an add at t1 stays removed; an add at t3 wins', async () => {
    const r = await signIn('idem.order@active.edu');
    const t1 = Date.now() - 30_000;
    const fav = (path: string, at: number) => send(path, { uid: r.uid, mid: FX.mid.tech, at }, r.token, newKey());
    expect((await fav('/content/deletemy_fav', t1 + 10_000)).body).toEqual({ status: 'success', result: 0, applied: true });
    expect((await fav('/content/addmy_fav', t1)).body).toEqual({ status: 'success', result: 1, applied: false });
    expect(await favs(r.uid, r.token)).toEqual([]);
    expect((await fav('/content/addmy_fav', t1 + 20_000)).body.applied).toBe(true);
    expect(await favs(r.uid, r.token)).toEqual([FX.mid.tech]);
    expect((await api.call(endpoints.userDetails, {}, r.token)).body.fav_lud).toBeGreaterThan(0);
  });

  it('a time ahead of the server counts as now, so a later change still wins', async () => {
    const r = await signIn('idem.future@active.edu');
    const before = Date.now();
    await send('/content/addmy_fav', { uid: r.uid, mid: FX.mid.biz, at: Date.now() + 365 * 86_400_000 }, r.token, newKey());
    const { rows } = await t.db.query<{ changed_at: Date }>('SELECT changed_at FROM favourites WHERE user_id = $1', [r.id]);
    expect(rows[0].changed_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[0].changed_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await api.call(endpoints.favouritesRemove, { body: { uid: r.uid, mid: FX.mid.biz } }, r.token)).body.applied).toBe(true);
    expect(await favs(r.uid, r.token)).toEqual([]);
  });

  it('progress keeps the newest by the device time', async () => {
    const r = await signIn('idem.progress.order@active.edu');
    const issueId = await firstIssue(FX.mid.tech);
    const now = Date.now();
    await api.call(endpoints.readerProgress, { body: { issueId, page: 2, at: now - 1000 } }, r.token);
    expect((await api.call(endpoints.readerProgress, { body: { issueId, page: 1, at: now - 5000 } }, r.token)).body.page).toBe(2);
  });
});

// Twenty copies of one request at once need a server with real concurrency.
describe.runIf(process.env.LECTERN_TEST_DB === 'postgres')('concurrent retries (PostgreSQL)', () => {
  it('20 identical requests with one key: exactly one runs', async () => {
    const r = await signIn('idem.rush@active.edu');
    const issueId = await firstIssue(FX.mid.biz);
    const key = newKey();
    const body = {
      events: [
        { kind: 'issue_open', issueId, at: Date.now() },
        { kind: 'page_view', issueId, page: 1, at: Date.now() },
      ],
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(endpoints.readerEvents, body, r.token, key)));
    const ran = answers.filter((a) => a.status === 200 && !a.replayed);
    expect(ran).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 200) expect(a.body).toEqual({ status: 1, stored: 2 });
      else expect(a.body.error.code).toBe('idempotency_in_flight');
    }
    expect(await readEvents(r.id)).toBe(2);
    expect(await count(`SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = $1 AND status = 200`, [r.id])).toBe(1);
  });
});
