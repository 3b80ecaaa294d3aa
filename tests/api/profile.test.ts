// Issue 17, session and profile: the e-mail address answered base64-encoded (spec §5), gold and
// storeID on the catalogue and search calls (§7), and a running personal plan in the user details
// (the app's library guard lets a plan holder in).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer, sms: outbox.sms });
  api = apiClient(t.app, await xsrfToken(t.app));
});
afterAll(() => t?.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};
const mids = (list: { mid: number }[]) => list.map((m) => m.mid).sort();

describe('a valid e-mail address is returned base64-encoded (spec §5)', () => {
  it('the sign-in code request answers the address as validated, base64, and the code goes there', async () => {
    const sent = await api.post('/api/login/otp/send', { channel: 'email', email: '  Asha.Rao@Example.EDU ' });
    expect(sent.status).toBe(200);
    expect(sent.body.email).toBe(Buffer.from('asha.rao@example.edu').toString('base64'));
    expect(Buffer.from(sent.body.email, 'base64').toString()).toBe('asha.rao@example.edu');
    expect(outbox.codeFor('asha.rao@example.edu')).toMatch(/^\d{4}$/);
  });

  it('a mobile number gets no e-mail field; an invalid address is the spec text and sends nothing', async () => {
    const mobile = await api.post('/api/login/otp/send', { channel: 'mobile', mobile: '9876543210', countryCode: '+91' });
    expect(mobile.status).toBe(200);
    expect(mobile.body).not.toHaveProperty('email');
    const before = outbox.mails.length;
    for (const email of ['asha@', 'a b@x.edu', 'asha@example.c', 'asha@example.toolongtldxx', 'ä@x.edu']) {
      const bad = await api.post('/api/login/otp/send', { channel: 'email', email });
      expect(bad.status, email).toBe(400);
      expect(bad.body.error.message, email).toContain('Please enter a valid email address');
    }
    expect(outbox.mails.length).toBe(before);
  });
});

describe('gold and storeID on the catalogue and search calls (spec §7)', () => {
  it('gold=1, as the app sends it, is the whole catalogue: non-Gold titles a subscription reads stay listed', async () => {
    const all = mids((await get('/content/magazine-filter?categoryID=BS')).body.magazineList);
    const gold = await get('/content/magazine-filter?categoryID=BS&gold=1&storeID=1');
    expect(gold.status).toBe(200);
    expect(mids(gold.body.magazineList)).toEqual(all);
    // Tech Today is not Gold in the fixture, and is still found.
    expect(all).toContain(FX.mid.tech);
    const found = await get('/content/magazine-search?query=tech&gold=1&storeID=1');
    expect(found.body.items.map((m: { mid: number }) => m.mid)).toContain(FX.mid.tech);
  });

  it('storeID narrows the list to that store’s titles', async () => {
    expect(mids((await get('/content/magazine-filter?categoryID=BS&gold=1&storeID=2')).body.magazineList)).toEqual([FX.mid.tech]);
  });

  it('junk gold or storeID is a 400 with a message on every call that takes them', async () => {
    const calls = [
      '/content/magazine-filter?categoryID=BS',
      '/content/magazine-search?query=tech',
      '/content/mag-search?q=tech',
      '/content/article-search?query=tech',
    ];
    for (const base of calls) {
      const goldKey = base.includes('mag-search') ? 'isGold' : 'gold';
      const junk = [`storeID=999`, 'storeID=0', 'storeID=abc', 'storeID=1e309', 'storeID=%00'];
      if (!base.includes('article-search')) junk.push(`${goldKey}=2`, `${goldKey}=yes`, `${goldKey}=%00`);
      for (const q of junk) {
        const res = await get(`${base}&${q}`);
        expect(res.status, `${base}&${q}`).toBe(400);
        expect(res.body.error.message, `${base}&${q}`).toMatch(/gold|storeID|store/i);
      }
    }
    expect((await get('/content/search_list?q=tech&issueId=1&isGold=2')).status).toBe(400);
    // A store that exists answers.
    expect((await get('/content/mag-search?q=tech&isGold=1&storeID=2')).status).toBe(200);
  });
});

describe('a running personal plan in the user details', () => {
  it('planEnds is the end of a paid plan running now; 0 before it starts, after it ends, or unpaid', async () => {
    const reader = await signInByCode(t.db, api, outbox, 'planner@example.com');
    const details = async () => (await api.post('/api/user/details', {}, reader.token)).body;
    expect(await details()).toMatchObject({ libid: 0, planEnds: 0 });

    const order = (state: string, starts: string, ends: string) =>
      t.db.query(
        `INSERT INTO orders (user_id, plan_id, amount_minor, currency, period_days, opens, state, provider, starts_at, ends_at)
         SELECT $1, id, price_minor, currency, period_days, opens, $2, 'test', now() + $3::interval, now() + $4::interval
         FROM plans WHERE code = 'everything-month' RETURNING ends_at`,
        [reader.id, state, starts, ends],
      );
    await order('paid', '-40 days', '-10 days'); // ended
    await order('paid', '+5 days', '+35 days'); // not started
    expect((await details()).planEnds).toBe(0);

    const { rows } = await order('paid', '-1 day', '+29 days');
    const body = await details();
    expect(body.libid).toBe(0);
    expect(body.planEnds).toBe(Math.floor((rows[0] as { ends_at: Date }).ends_at.getTime() / 1000));
    // The sign-in answer carries it too.
    const sent = await api.post('/api/login/otp/send', { channel: 'email', email: 'planner@example.com' });
    const login = await api.post('/api/login/otp/verify', { requestId: sent.body.requestId, code: outbox.codeFor('planner@example.com') });
    expect(login.body.planEnds).toBe(body.planEnds);
  });
});
