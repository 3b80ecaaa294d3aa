// Favourites (getMyFav / addmy_fav / deletemy_fav): per user, server-side, the spec's shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
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

const reader = (email: string) => signInByCode(t.db, api, outbox, email);

describe('favourites', () => {
  it('adds (result 1), lists newest first in msg[0].mid.values, and removes (result 0)', async () => {
    const { token, uid } = await reader('fav@example.com');
    expect((await api.call(endpoints.favouritesList, { body: { uid, os: 'web' } }, token)).body).toEqual({
      status: 'success',
      msg: [{ mid: { values: [] } }],
      magazineList: [],
    });
    expect((await api.call(endpoints.favouritesAdd, { body: { uid, mid: FX.mid.biz, os: 'web' } }, token)).body).toEqual({
      status: 'success',
      result: 1,
      applied: true,
    });
    await t.db.query(`UPDATE favourites SET changed_at = changed_at - interval '1 minute'`);
    await api.call(endpoints.favouritesAdd, { body: { uid, mid: FX.mid.tech, os: 'web' } }, token);
    await api.call(endpoints.favouritesAdd, { body: { uid, mid: FX.mid.tech, os: 'web' } }, token); // twice is still once
    const list = (await api.call(endpoints.favouritesList, { body: { uid, os: 'web' } }, token)).body;
    expect(list.msg[0].mid.values).toEqual([FX.mid.tech, FX.mid.biz]);
    expect(list.magazineList.map((m: { name: string }) => m.name)).toEqual(['Tech Today', 'Business Weekly']);
    expect((await api.call(endpoints.favouritesRemove, { body: { uid, mid: FX.mid.tech, os: 'web' } }, token)).body).toEqual({
      status: 'success',
      result: 0,
      applied: true,
    });
    expect((await api.call(endpoints.favouritesList, { body: { uid, os: 'web' } }, token)).body.msg[0].mid.values).toEqual([FX.mid.biz]);
    expect((await api.call(endpoints.userDetails, {}, token)).body.fav_lud).toBeGreaterThan(0);
  });

  it('keeps each reader to their own list and refuses bad calls without changing anything', async () => {
    const a = await reader('fav.a@example.com');
    const b = await reader('fav.b@example.com');
    await api.call(endpoints.favouritesAdd, { body: { uid: a.uid, mid: FX.mid.biz } }, a.token);
    expect((await api.call(endpoints.favouritesAdd, { body: { uid: a.uid, mid: FX.mid.tech } }, b.token)).status).toBe(403);
    expect((await api.call(endpoints.favouritesList, { body: { uid: a.uid } }, b.token)).status).toBe(403);
    expect((await api.call(endpoints.favouritesList, { body: { uid: a.uid } })).status).toBe(401);
    expect((await api.call(endpoints.favouritesAdd, { body: { uid: a.uid, mid: 999999 } }, a.token)).status).toBe(404);
    expect((await api.call(endpoints.favouritesAdd, { body: unchecked({ uid: a.uid, mid: 'x' }) }, a.token)).status).toBe(400);
    const noXsrf = await t.app.inject({
      method: 'POST',
      url: '/content/addmy_fav',
      payload: { uid: a.uid, mid: FX.mid.tech },
      headers: { authorization: a.token },
    });
    expect(noXsrf.statusCode).toBe(403);
    expect((await api.call(endpoints.favouritesList, { body: { uid: a.uid } }, a.token)).body.msg[0].mid.values).toEqual([FX.mid.biz]);
    expect((await api.call(endpoints.favouritesList, { body: { uid: b.uid } }, b.token)).body.msg[0].mid.values).toEqual([]);
  });
});
