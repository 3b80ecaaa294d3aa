// Session and profile: the e-mail address answered base64-encoded (spec §5), gold and
// storeID on the catalogue and search calls (§7), and a running personal plan in the user details
// (the app's library guard lets a plan holder in), the marketing claims of §1 from the configuration,
// and the country codes (a server list) with mobile numbers checked against the chosen country.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken, unchecked } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config';
import { claimLines } from '../../src/server/claims';
import * as endpoints from '../../src/shared/endpoints';

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
    const sent = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: '  Asha.Rao@Example.EDU ' } });
    expect(sent.status).toBe(200);
    expect(sent.body.email).toBe(Buffer.from('asha.rao@example.edu').toString('base64'));
    expect(Buffer.from(sent.body.email!, 'base64').toString()).toBe('asha.rao@example.edu');
    expect(outbox.codeFor('asha.rao@example.edu')).toMatch(/^\d{6}$/);
  });

  it('a mobile number gets no e-mail field; an invalid address is the spec text and sends nothing', async () => {
    const mobile = await api.call(endpoints.loginOtpSend, { body: { channel: 'mobile', mobile: '9876543210', countryCode: '+91' } });
    expect(mobile.status).toBe(200);
    expect(mobile.body).not.toHaveProperty('email');
    const before = outbox.mails.length;
    for (const email of ['asha@', 'a b@x.edu', 'asha@example.c', 'asha@example.toolongtldxx', 'ä@x.edu']) {
      const bad = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email } });
      expect(bad.status, email).toBe(400);
      expect(bad.error.message, email).toContain('Please enter a valid email address');
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
    const details = async () => (await api.call(endpoints.userDetails, {}, reader.token)).body;
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
    const sent = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'planner@example.com' } });
    const login = await api.call(endpoints.loginOtpVerify, {
      body: { requestId: sent.body.requestId, code: outbox.codeFor('planner@example.com')! },
    });
    expect(login.body.planEnds).toBe(body.planEnds);
  });
});

describe('the marketing claims of spec §1, configurable', () => {
  it('default to 10,000+ titles, 40+ categories, 60+ languages; a malformed number stops the start', () => {
    expect(loadConfig({}).claims).toEqual({ titles: 10_000, categories: 40, languages: 60 });
    expect(loadConfig({ CLAIM_TITLES: ' 250000 ', CLAIM_LANGUAGES: '0' }).claims).toEqual({
      titles: 250_000,
      categories: 40,
      languages: 0,
    });
    for (const bad of ['-5', '1e4', '10k', '12.5', '99999999999', 'NaN'])
      expect(() => loadConfig({ CLAIM_TITLES: bad }), bad).toThrow(/CLAIM_TITLES must be a whole number/);
    expect(claimLines({ titles: 10_000, categories: 40, languages: 60 })).toEqual({
      en: '10,000+ titles · 40+ categories · 60+ languages',
      hi: '10,000+ शीर्षक · 40+ श्रेणियाँ · 60+ भाषाएँ',
    });
    expect(claimLines({ titles: 250_000, categories: 0, languages: 61 }).en).toBe('2,50,000+ titles · 61+ languages');
    expect(claimLines({ titles: 0, categories: 0, languages: 0 })).toEqual({ en: '', hi: '' });
  });

  it("home, its first screen drawn by the server and /appdownload's call carry the configured numbers", async () => {
    const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-app-'));
    fs.writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><div id="root"><!--first-screen--><!--/first-screen--></div>');
    // The server draws with the app's own components (the build's ssr/ entry, here from its source).
    fs.mkdirSync(path.join(appDir, 'ssr'));
    fs.writeFileSync(
      path.join(appDir, 'ssr/entry-server.js'),
      `export * from ${JSON.stringify(path.resolve('src/app/entry-server.tsx'))};`,
    );
    const claims = { titles: 12_345, categories: 0, languages: 61 };
    const shop = await testApp(loadCatalogue, { config: { appDir, claims } });
    try {
      const home = await shop.app.inject({ url: '/content/home?edzLibId=0&age_rate=5' });
      expect(home.json().claims).toEqual({ en: '12,345+ titles · 61+ languages', hi: '12,345+ शीर्षक · 61+ भाषाएँ' });
      const page = (await shop.app.inject({ url: '/' })).body;
      expect(page).toContain('<p class="claims">12,345+ titles · 61+ languages</p>');
      expect(page).not.toContain('categories</p>');
      expect((await shop.app.inject({ url: '/api/app/stores' })).json().claims.hi).toBe('12,345+ शीर्षक · 61+ भाषाएँ');
    } finally {
      await shop.close();
      fs.rmSync(appDir, { recursive: true, force: true });
    }
    // The defaults where nothing is configured.
    expect((await t.app.inject({ url: '/api/app/stores' })).json().claims.en).toBe('10,000+ titles · 40+ categories · 60+ languages');
  });
});

describe('country codes from a call, and mobile numbers checked against the chosen country', () => {
  it('lists every country with its ISO code, dialling code, flag, English and Hindi names and store', async () => {
    const res = await t.app.inject({ url: '/content/getCountryCodes' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    const { countries } = res.json() as {
      countries: { iso: string; mobileCode: string; flag: string; name: string; name_hi: string; store_id: number }[];
    };
    expect(countries.length).toBeGreaterThan(200);
    const by = new Map(countries.map((c) => [c.iso, c]));
    expect(by.get('IN')).toEqual({ iso: 'IN', mobileCode: '+91', flag: '🇮🇳', name: 'India', name_hi: 'भारत', store_id: 1 });
    // The fixture's second store is the United States'; countries with no store of their own get the default.
    expect(by.get('US')).toMatchObject({ mobileCode: '+1', flag: '🇺🇸', name: 'United States', store_id: 2 });
    expect(by.get('GB')).toMatchObject({ mobileCode: '+44', name: 'United Kingdom', store_id: 1 });
    expect(by.get('CA')!.mobileCode).toBe('+1');
    for (const c of countries) {
      expect(c.iso).toMatch(/^[A-Z]{2}$/);
      expect(c.mobileCode).toMatch(/^\+\d{1,4}$/);
      expect([...c.flag]).toHaveLength(2);
      expect(c.name_hi, c.iso).toMatch(/[\u0900-\u097f]/); // a Hindi name, in Devanagari
    }
    // Sorted by English name.
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('the sign-in code takes a number valid in the chosen country and refuses one that is not, sending nothing', async () => {
    const send = (body: object) => api.call(endpoints.loginOtpSend, { body: unchecked({ channel: 'mobile', ...body }) });
    expect((await send({ mobile: '9876543210', countryCode: '+91', country: 'IN' })).status).toBe(200);
    expect((await send({ mobile: '2025550123', countryCode: '+1', country: 'US' })).status).toBe(200);
    expect((await send({ mobile: '7400123456', countryCode: '+44', country: 'GB' })).status).toBe(200);
    // Without a country the code alone decides (+1 covers the United States and Canada).
    expect((await send({ mobile: '4165550123', countryCode: '+1' })).status).toBe(200);
    const texts = outbox.texts.length;
    for (const [body, why] of [
      [{ mobile: '1234567890', countryCode: '+91', country: 'IN' }, 'Indian mobiles start 6 to 9'],
      [{ mobile: '98765432', countryCode: '+91', country: 'IN' }, 'too short for India'],
      [{ mobile: '9876543210', countryCode: '+44', country: 'GB' }, 'an Indian number under the UK'],
      [{ mobile: '9876543210', countryCode: '+1', country: 'IN' }, 'a country whose code is not +1'],
      [{ mobile: '9876543210', countryCode: '+91', country: 'ZZ' }, 'no such country'],
      [{ mobile: '9876543210', countryCode: '+91', country: 'in' }, 'not an ISO code'],
      [{ mobile: '5550123', countryCode: '+1' }, 'seven digits are no North American number'],
    ] as const) {
      const res = await send(body);
      expect(res.status, why).toBe(400);
      expect(res.error.message, why).toContain('Enter a Valid Mobile Number');
    }
    expect(outbox.texts.length).toBe(texts);
    // Password sign-in checks the same way.
    const pw = await api.call(endpoints.loginPassword, {
      body: {
        channel: 'mobile',
        mobile: '1234567890',
        countryCode: '+91',
        country: 'IN',
        password: 'x',
      },
    });
    expect(pw.status).toBe(400);
  });

  it('the contact form checks the number against its country and keeps it with its code', async () => {
    const enquiry = {
      userName: 'Meena Pillai',
      emailId: 'meena@college.example',
      Message: 'We would like Lectern for our library.',
      institutionName: 'Riverside College',
      desigination: 'Librarian',
      campuses: '2-5',
      students: '1000-5000',
    };
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM enquiries')).rows[0].n;
    const before = await count();
    const bad = await api.call(endpoints.accountContact, {
      body: unchecked({ ...enquiry, mobile: '2025550123', countryCode: '+91', country: 'IN' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.error.message).toContain('Enter a Valid Mobile Number');
    expect(await count()).toBe(before);
    const ok = await api.call(endpoints.accountContact, {
      body: unchecked({ ...enquiry, mobile: '7400123456', countryCode: '+44', country: 'GB' }),
    });
    expect(ok.status).toBe(200);
    const { rows } = await t.db.query<{ mobile: string }>('SELECT mobile FROM enquiries ORDER BY id DESC LIMIT 1');
    expect(rows[0].mobile).toBe('+44 7400123456');
    expect(outbox.mails.some((m) => m.text?.includes('+44 7400123456'))).toBe(true);
    // An older app sends no code: India is assumed, as before.
    expect((await api.call(endpoints.accountContact, { body: unchecked({ ...enquiry, mobile: '9876501234' }) })).status).toBe(200);
  });
});
