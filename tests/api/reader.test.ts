// The reader's server side: the reader token and every entitlement refusal, token-gated pages,
// progress across devices, batched read events, and downloads with their limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken, unchecked } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { readerTokens } from '../../src/server/services/reader-tokens';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer, config: { downloadLimit: 2, deviceLimit: 1 } });
  api = apiClient(t.app, await xsrfToken(t.app));
});
afterAll(() => t?.close());

const signIn = (email: string) => signInByCode(t.db, api, outbox, email);
const issuesOf = async (mid: number) =>
  (await t.db.query<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 ORDER BY issue_id', [mid])).rows.map(
    (r) => r.issue_id,
  );
const image = (url: string) => t.app.inject({ method: 'GET', url });
/** The reader's uuid from the details' uid (base64 of it). */
const uuidOf = (uid: string) => Buffer.from(uid, 'base64').toString();
const claims = (code: string) => JSON.parse(Buffer.from(code.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

describe('reader token', () => {
  it('opens an issue for an active member: a code, the reader URL with the page, the issue and its pages', async () => {
    const r = await signIn('open@active.edu');
    const [issue] = await issuesOf(FX.mid.biz);
    const res = await api.call(
      endpoints.readerToken,
      {
        body: {
          user_id: r.uid,
          issue,
          store_id: 1,
          readtype: 'reader',
          userLang: 'en',
          isnews: 0,
          ageRating: 5,
          device: 'web',
          lib_id: 1,
          page: 2,
        },
      },
      r.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data).toMatchObject({ page: 2, url: `/reader/${issue}?edz=1#page/2` });
    expect(res.body.data.expiresAt).toBeGreaterThan(Date.now() / 1000 + 60);
    const manifest = await api.call(endpoints.readerIssue, { params: { issueId: issue }, query: { code: res.body.data.code } });
    expect(manifest.status).toBe(200);
    expect(manifest.body).toMatchObject({ issueId: issue, mid: FX.mid.biz, titleName: 'Business Weekly', type: 'magazine' });
    expect(manifest.body.pages).toEqual([
      { n: 1, small: 360, large: 720, xlarge: 720, height: 1020 }, // no xlarge rendition: its large one
      { n: 2, small: 360, large: 720, xlarge: 720, height: 1020 },
    ]);
    const text = await api.call(endpoints.readerPageText, { params: { issueId: issue, page: 2 }, query: { code: res.body.data.code } });
    expect(text.body).toEqual({ n: 2, text: `${FX.bizPageText} page two` });
  });

  it('refuses with the reason: no institution, expired, blocked country, section not subscribed, age rating', async () => {
    const refused = async (email: string, mid: number) => {
      const r = await signIn(email);
      const res = await api.call(endpoints.readerToken, { body: { issue: (await issuesOf(mid))[0] } }, r.token);
      expect(res.status).toBe(403);
      return res.error;
    };
    expect(await refused('nobody@example.com', FX.mid.biz)).toEqual({
      code: 'no_access',
      message: 'Unfortunately, you do not have access to Lectern content.',
    });
    expect(await refused('late@expired.edu', FX.mid.biz)).toEqual({
      code: 'subscription_expired',
      message: 'Oops! Your Lectern subscription has expired',
    });
    expect((await refused('far@active.edu', FX.mid.blocked)).message).toBe('Oops! This magazine is blocked for your country .');
    expect((await refused('pupil@basic.edu', FX.mid.paper)).code).toBe('not_in_subscription');
    expect((await refused('pupil@basic.edu', FX.mid.journal)).code).toBe('not_in_subscription');
    await t.db.query(`UPDATE institutions SET age_rating = 5 WHERE con_code = 'BAS'`);
    expect((await refused('pupil@basic.edu', FX.mid.adult)).code).toBe('age_restricted');
    const grown = await signIn('grown@active.edu');
    expect((await api.call(endpoints.readerToken, { body: { issue: (await issuesOf(FX.mid.adult))[0] } }, grown.token)).status).toBe(200);
  });

  it('needs a session, a known visible issue, the caller as user_id, and a well-formed body', async () => {
    const r = await signIn('careful@active.edu');
    const [issue] = await issuesOf(FX.mid.biz);
    expect((await api.call(endpoints.readerToken, { body: { issue } })).status).toBe(401);
    expect((await api.call(endpoints.readerToken, { body: { issue: 999999 } }, r.token)).status).toBe(404);
    expect((await api.call(endpoints.readerToken, { body: { issue: (await issuesOf(FX.mid.hidden))[0] } }, r.token)).status).toBe(404);
    expect((await api.call(endpoints.readerToken, { body: { issue: 'one' } }, r.token)).status).toBe(400);
    expect((await api.call(endpoints.readerToken, { body: unchecked({ issue, device: 'tv' }) }, r.token)).status).toBe(400);
    const other = await api.call(
      endpoints.readerToken,
      { body: { issue, user_id: Buffer.from('someone-else').toString('base64') } },
      r.token,
    );
    expect(other.status).toBe(403);
    expect(other.error.code).toBe('wrong_user');
  });

  it('names the reader by their random uuid, never the sequential user id, and holds only for its own session', async () => {
    const r = await signIn('opaque@active.edu');
    const other = await signIn('opaque2@active.edu');
    const [issue] = await issuesOf(FX.mid.biz);
    const { code } = (await api.call(endpoints.readerToken, { body: { issue } }, r.token)).body.data;
    const payload = claims(code);
    expect(payload.sub).toBe(uuidOf(r.uid));
    expect(Object.values(payload)).not.toContain(r.id);
    expect(Object.values(payload)).not.toContain(String(r.id));
    // Even signed with the server's key, a token naming another reader over this reader's session
    // opens nothing: the session must be that reader's.
    const tokens = await readerTokens(t.db, 30);
    const mixed = await tokens.sign({ uuid: uuidOf(other.uid) }, issue, String(payload.sid));
    expect((await api.call(endpoints.readerIssue, { params: { issueId: issue }, query: { code: mixed.code } })).status).toBe(403);
    const own = await tokens.sign({ uuid: uuidOf(r.uid) }, issue, String(payload.sid));
    expect((await api.call(endpoints.readerIssue, { params: { issueId: issue }, query: { code: own.code } })).status).toBe(200);
  });
});

describe('page images', () => {
  it('are served only with a valid token for that issue; a copied URL stops working when the token expires', async () => {
    const r = await signIn('pages@active.edu');
    const [issue, otherIssue] = await issuesOf(FX.mid.biz);
    const bytes = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake page');
    await t.app.storage.write('pages', `p${issue}-1s.webp`, bytes);
    const { code } = (await api.call(endpoints.readerToken, { body: { issue } }, r.token)).body.data;

    const ok = await image(`/content/reader/${issue}/pages/1/small.webp?code=${code}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
    expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(ok.rawPayload.equals(bytes)).toBe(true);

    expect((await image(`/content/reader/${issue}/pages/1/small.webp`)).statusCode).toBe(403);
    expect((await image(`/content/reader/${otherIssue}/pages/1/small.webp?code=${code}`)).json().error.code).toBe('token_invalid');
    expect((await image(`/content/reader/${issue}/pages/1/small.webp?code=${code}x`)).statusCode).toBe(403);
    expect((await image(`/content/reader/${issue}/pages/1/large.webp?code=${code}`)).statusCode).toBe(404); // no such file
    expect((await image(`/content/reader/${issue}/pages/9/small.webp?code=${code}`)).statusCode).toBe(404);
    expect((await image(`/content/reader/${issue}/pages/1/huge.webp?code=${code}`)).statusCode).toBe(400);

    const expired = await (await readerTokens(t.db, -1)).sign({ uuid: uuidOf(r.uid) }, issue, crypto.randomUUID());
    const late = await image(`/content/reader/${issue}/pages/1/small.webp?code=${expired.code}`);
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe('token_expired');
    expect((await api.call(endpoints.readerIssue, { params: { issueId: issue }, query: { code: expired.code } })).status).toBe(403);
  });
});

describe('progress', () => {
  it('is saved per issue and comes back with the issue on another device of the same reader', async () => {
    const phone = await signIn('progress@active.edu');
    const laptop = await signIn('progress@active.edu');
    const [issue] = await issuesOf(FX.mid.tech);
    const progressOn = async (token: string) => {
      const { code } = (await api.call(endpoints.readerToken, { body: { issue } }, token)).body.data;
      return (await api.call(endpoints.readerIssue, { params: { issueId: issue }, query: { code: code } })).body.progress;
    };
    expect(await progressOn(phone.token)).toEqual({ issueId: issue, page: null, updatedAt: null });
    expect((await api.call(endpoints.readerProgress, { body: { issueId: issue, page: 2 } }, phone.token)).body.page).toBe(2);
    expect((await progressOn(laptop.token)).page).toBe(2);
    // and the laptop's reader opens there: the token's answer says where.
    expect((await api.call(endpoints.readerToken, { body: { issue } }, laptop.token)).body.data).toMatchObject({
      page: 2,
      url: `/reader/${issue}?edz=1#page/2`,
    });
    expect((await api.call(endpoints.readerProgress, { body: { issueId: issue, page: 0 } }, phone.token)).status).toBe(400);
    expect((await api.call(endpoints.readerProgress, { body: { issueId: 999999, page: 1 } }, phone.token)).status).toBe(404);
    expect((await api.call(endpoints.readerProgress, { body: { issueId: issue, page: 1 } })).status).toBe(401);
    const someoneElse = await signIn('other.progress@active.edu');
    expect((await progressOn(someoneElse.token)).page).toBeNull();
  });
});

describe('read events', () => {
  it('stores a batch with reader, institution, title, issue, page, time and source; drops implausible ones', async () => {
    const r = await signIn('events@active.edu');
    const [issue] = await issuesOf(FX.mid.hindiMag);
    const at = Date.now() - 3 * 3600_000; // read offline three hours ago
    const res = await api.call(
      endpoints.readerEvents,
      {
        body: {
          events: [
            { kind: 'issue_open', issueId: issue, at },
            { kind: 'page_view', issueId: issue, page: 1, at },
            { kind: 'page_view', issueId: issue, page: 2, at: at + 5000, source: 'zone' },
            { kind: 'page_view', issueId: 999999, page: 1, at },
            { kind: 'page_view', issueId: issue, page: 1, at: Date.now() + 86_400_000 },
          ],
        },
      },
      r.token,
    );
    expect(res.body).toEqual({ status: 1, stored: 3 });
    const rows = (
      await t.db.query(
        `SELECT kind, institution_id, mid, issue_id, page_no, source, at FROM usage_events WHERE user_id = $1 ORDER BY at, page_no NULLS FIRST`,
        [r.id],
      )
    ).rows;
    expect(rows.map((e) => [e.kind, e.institution_id, e.mid, e.issue_id, e.page_no, e.source])).toEqual([
      ['issue_open', FX.inst.active, FX.mid.hindiMag, issue, null, 'web'],
      ['page_view', FX.inst.active, FX.mid.hindiMag, issue, 1, 'web'],
      ['page_view', FX.inst.active, FX.mid.hindiMag, issue, 2, 'web'], // the source is the server's word
    ]);
    expect(Math.abs(new Date(rows[0].at).getTime() - at)).toBeLessThan(1000);
  });

  it('refuses an empty, oversized or malformed batch and anonymous callers', async () => {
    const r = await signIn('events.bad@active.edu');
    const one = { kind: 'page_view', issueId: 1, page: 1, at: Date.now() };
    expect((await api.call(endpoints.readerEvents, { body: { events: [] } }, r.token)).status).toBe(400);
    expect((await api.call(endpoints.readerEvents, { body: { events: Array(201).fill(one) } }, r.token)).status).toBe(400);
    expect((await api.call(endpoints.readerEvents, { body: unchecked({ events: [{ ...one, kind: 'hack' }] }) }, r.token)).status).toBe(400);
    expect((await api.call(endpoints.readerEvents, { body: unchecked({ events: [one] }) })).status).toBe(401);
    expect((await t.db.query('SELECT count(*)::int AS n FROM usage_events WHERE user_id = $1', [r.id])).rows[0].n).toBe(0);
  });
});

describe('downloads', () => {
  it('count issues and devices against the limits, with a clear message past them', async () => {
    const r = await signIn('downloads@active.edu');
    const [a, b, c] = [(await issuesOf(FX.mid.biz))[0], (await issuesOf(FX.mid.tech))[0], (await issuesOf(FX.mid.hindiMag))[0]];
    const phone = 'phone-0001';
    const first = await api.call(endpoints.readerDownloadsAdd, { body: { issueId: a, deviceId: phone } }, r.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ allowed: true, issueIds: [a], used: { issues: 1, devices: 1 }, limits: { issues: 2, devices: 1 } });
    expect(first.body.code).toBeTruthy();
    expect((await api.call(endpoints.readerIssue, { params: { issueId: a }, query: { code: first.body.code } })).status).toBe(200);
    expect((await api.call(endpoints.readerDownloadsAdd, { body: { issueId: a, deviceId: phone } }, r.token)).body.used.issues).toBe(1); // again: still one
    expect((await api.call(endpoints.readerDownloadsAdd, { body: { issueId: b, deviceId: phone } }, r.token)).status).toBe(200);

    const third = await api.call(endpoints.readerDownloadsAdd, { body: { issueId: c, deviceId: phone } }, r.token);
    expect(third.status).toBe(403);
    expect(third.error).toEqual({
      code: 'download_limit',
      message: 'You can keep 2 issues downloaded at a time. Remove one to download another.',
    });
    const laptop = await api.call(endpoints.readerDownloadsAdd, { body: { issueId: c, deviceId: 'laptop-0001' } }, r.token);
    expect(laptop.error.code).toBe('device_limit');

    await api.call(endpoints.readerDownloadsRemove, { body: { deviceId: phone, issueIds: [a] } }, r.token);
    expect((await api.call(endpoints.readerDownloadsAdd, { body: { issueId: c, deviceId: phone } }, r.token)).body.issueIds).toEqual([
      b,
      c,
    ]);
    await api.call(endpoints.readerDownloadsRemove, { body: { deviceId: phone } }, r.token);
    expect((await api.call(endpoints.readerDownloadsAdd, { body: { issueId: c, deviceId: 'laptop-0001' } }, r.token)).body.used).toEqual({
      issues: 1,
      devices: 1,
    });
  });

  it("take the institution's own limits, and an expired subscription withdraws them", async () => {
    const r = await signIn('limits@active.edu');
    const device = 'tablet-0001';
    await t.db.query(`UPDATE institutions SET download_limit = 5, device_limit = 4 WHERE con_code = 'ACT'`);
    const check = await api.call(endpoints.readerDownloads, { query: { deviceId: device } }, r.token);
    expect(check.body).toEqual({
      allowed: true,
      reason: null,
      issueIds: [],
      used: { issues: 0, devices: 0 },
      limits: { issues: 5, devices: 4 },
    });
    await api.call(endpoints.readerDownloadsAdd, { body: { issueId: (await issuesOf(FX.mid.biz))[1], deviceId: device } }, r.token);
    await t.db.query(`UPDATE users SET institution_id = $2 WHERE id = $1`, [r.id, FX.inst.expired]);
    const after = await api.call(endpoints.readerDownloads, { query: { deviceId: device } }, r.token);
    expect(after.body).toMatchObject({ allowed: false, reason: 'subscription_expired' });
    expect(
      (await api.call(endpoints.readerDownloadsAdd, { body: { issueId: (await issuesOf(FX.mid.biz))[2], deviceId: device } }, r.token))
        .error.code,
    ).toBe('subscription_expired');
    expect((await api.call(endpoints.readerDownloads, { query: { deviceId: 'x' } }, r.token)).status).toBe(400);
  });
});
