// App links (spec §1, §3): the files phones fetch to let the store apps open Lectern's links,
// filled from configuration (absent: 404), the store pages for /appdownload, and appLinkUrl on
// the issue, story and category tiles and the keyword chips.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { loadCatalogue } from '../fixtures/catalogue';
import { loadConfig, parseCertFingerprints } from '../../src/server/config';
import { appleAppSiteAssociation, appStores, assetLinks } from '../../src/server/routes/app-links/index';

const CERT = 'ab:'.repeat(31) + 'ab';
const SITE = 'https://read.example.edu';

let bare: TestContext;
let linked: TestContext;
beforeAll(async () => {
  bare = await testApp();
  linked = await testApp(loadCatalogue, {
    config: {
      publicUrl: SITE,
      androidAppId: 'edu.example.lectern',
      androidCertSha256: parseCertFingerprints(`${CERT}, ${'CD'.repeat(32)}`),
      iosAppId: 'ABCDE12345.edu.example.lectern',
      iosAppStoreId: '1234567890',
    },
  });
});
afterAll(async () => {
  await bare?.close();
  await linked?.close();
});

describe('the app-link files', () => {
  it('are 404 with the project error shape when no app is configured', async () => {
    for (const url of ['/.well-known/assetlinks.json', '/.well-known/apple-app-site-association', '/apple-app-site-association']) {
      const res = await bare.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await bare.app.inject({ url: '/api/app/stores' })).json()).toMatchObject({ android: null, ios: null });
  });

  it('name the Android package and its certificates, upper-case with colons, as JSON', async () => {
    const res = await linked.app.inject({ url: '/.well-known/assetlinks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'edu.example.lectern',
          sha256_cert_fingerprints: [CERT.toUpperCase(), 'CD:'.repeat(31) + 'CD'],
        },
      },
    ]);
  });

  it('name the iOS app at both addresses, without a redirect, leaving the API and the reader to the browser', async () => {
    for (const url of ['/.well-known/apple-app-site-association', '/apple-app-site-association']) {
      const res = await linked.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const { applinks, webcredentials } = res.json();
      expect(webcredentials).toEqual({ apps: ['ABCDE12345.edu.example.lectern'] });
      const [details] = applinks.details;
      expect(details.appIDs).toEqual(['ABCDE12345.edu.example.lectern']);
      expect(details.appID).toBe('ABCDE12345.edu.example.lectern');
      expect(details.components).toContainEqual({ '/': '/reader/*', exclude: true });
      expect(details.components.at(-1)).toEqual({ '/': '/*' });
      expect(details.paths).toContain('NOT /api/*');
      expect(details.paths.at(-1)).toBe('*');
    }
  });

  it('give /appdownload the store pages', async () => {
    const res = await linked.app.inject({ url: '/api/app/stores' });
    expect(res.json()).toMatchObject({
      android: 'https://play.google.com/store/apps/details?id=edu.example.lectern',
      ios: 'https://apps.apple.com/app/id1234567890',
    });
  });
});

describe('the configuration', () => {
  it('reads the four variables', () => {
    const c = loadConfig({
      ANDROID_APP_ID: ' edu.example.lectern ',
      ANDROID_CERT_SHA256: 'cd'.repeat(32),
      IOS_APP_ID: 'ABCDE12345.edu.example.lectern',
      IOS_APP_STORE_ID: '1234567890',
    });
    expect(c).toMatchObject({
      androidAppId: 'edu.example.lectern',
      androidCertSha256: ['CD:'.repeat(31) + 'CD'],
      iosAppId: 'ABCDE12345.edu.example.lectern',
      iosAppStoreId: '1234567890',
    });
    expect(loadConfig({})).toMatchObject({ androidAppId: undefined, androidCertSha256: [], iosAppId: undefined });
  });

  it('refuses a wrong package, certificate or app id with the variable named', () => {
    expect(() => loadConfig({ ANDROID_APP_ID: 'lectern' })).toThrow(/ANDROID_APP_ID/);
    expect(() => loadConfig({ ANDROID_CERT_SHA256: 'AB:CD' })).toThrow(/ANDROID_CERT_SHA256/);
    expect(() => loadConfig({ ANDROID_CERT_SHA256: 'zz'.repeat(32) })).toThrow(/ANDROID_CERT_SHA256/);
    expect(() => loadConfig({ IOS_APP_ID: 'edu.example.lectern' })).toThrow(/IOS_APP_ID/);
    expect(() => loadConfig({ IOS_APP_STORE_ID: 'id123' })).toThrow(/IOS_APP_STORE_ID/);
  });

  it('needs both the package and a certificate for Android links; the store page only the package', () => {
    const c = loadConfig({ ANDROID_APP_ID: 'edu.example.lectern' });
    expect(assetLinks(c)).toBeNull();
    expect(appStores(c).android).toBe('https://play.google.com/store/apps/details?id=edu.example.lectern');
    expect(appleAppSiteAssociation(c)).toBeNull();
  });
});

describe('appLinkUrl', () => {
  const get = async (url: string) => (await linked.app.inject({ url })).json();
  it('is the absolute address of the same page on PUBLIC_URL, on categories, keyword chips, stories and issue tiles', async () => {
    const cats = (await get('/content/getCategories')).popularCat;
    expect(cats.length).toBeGreaterThan(0);
    for (const c of cats) expect(c.appLinkUrl).toBe(`${SITE}${c.browserLinkUrl}`);
    const langs = (await get('/content/getLanguages')).languages;
    expect(langs.length).toBeGreaterThan(0);
    for (const l of langs) expect(l.appLinkUrl).toBe(`${SITE}${l.browserLinkUrl}`);
    const stories = (await get('/content/stories?category=Cover-Stories')).items;
    expect(stories.length).toBeGreaterThan(0);
    for (const s of stories) expect(s.appLinkUrl).toBe(`${SITE}${s.browserLinkUrl}`);
    const tile = (await get('/content/search_list?q=libraries&issueId=1')).tile;
    expect(tile.appLinkUrl).toBe(`${SITE}${tile.browserLinkUrl}`);
    expect(tile.browserLinkUrl).toMatch(/^\/magazine\//);
  });
});
