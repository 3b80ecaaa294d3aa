// The first screens drawn by the server into the shell (src/server/first-screen) with the app's
// own components (src/app/entry-server.tsx, loaded here from its source as the build's ssr/ entry):
// home, a listing and a title page, for a visitor only, from the same answers the app asks for,
// with those answers in the page for the app to hydrate, and never in the service worker's shell.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { loadCatalogue } from '../fixtures/catalogue';
import { warmUp } from '../../src/server/warm-up';
import type { HomeResponse, IssuesResponse, MagazineFilterResponse, MagazineMeta } from '../../src/shared/schemas/content';

const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-app-'));
// The build lists each screen's files in the boot script; a lazy screen's stylesheets go into the page, inline.
const FILES = { listing: ['assets/list.js', 'assets/listing.css'], title: ['assets/title.css', 'assets/listing.css'] };
// The shell's own stylesheet, inline, with the Devanagari faces (src/app/fonts.css) as the build writes them.
const FACE = (weight: number) =>
  `@font-face{font-family:Noto Sans Devanagari;font-display:swap;font-weight:${weight};src:url(/assets/deva-${weight}.woff2)format("woff2");unicode-range:U+900-97F}`;
const SHELL_CSS = `body{margin:0}${FACE(400)}${FACE(700)}.home{padding:0}`;
const SHELL = `<!doctype html><html lang="en"><head><title>Lectern</title><script>var files = ${JSON.stringify(FILES)};</script><style>${SHELL_CSS}</style></head><body><div id="root"><!--first-screen--><p>skeleton</p><!--/first-screen--></div></body>`;
fs.writeFileSync(path.join(appDir, 'index.html'), SHELL);
fs.mkdirSync(path.join(appDir, 'ssr'));
const entry = path.resolve('src/app/entry-server.tsx');
fs.writeFileSync(path.join(appDir, 'ssr/entry-server.js'), `export * from ${JSON.stringify(entry)};`);
fs.mkdirSync(path.join(appDir, 'assets'));
fs.writeFileSync(path.join(appDir, 'assets/listing.css'), '.listing-grid{display:grid}');
fs.writeFileSync(path.join(appDir, 'assets/title.css'), '.title-hero{display:flex}');
const TITLE_CSS = '.title-hero{display:flex}\n.listing-grid{display:grid}';

let t: TestContext;
let home: HomeResponse;
beforeAll(async () => {
  t = await testApp(
    async (db) => {
      await loadCatalogue(db);
      // A category named in Devanagari, which its listing's heading shows without saying the language.
      await db.query(`UPDATE categories SET name = 'प्रौद्योगिकी' WHERE cat_id = 3`);
    },
    { config: { appDir } },
  );
  home = (await t.app.inject({ url: '/content/home?edzLibId=0&age_rate=5' })).json();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(appDir, { recursive: true, force: true });
});

/** The answers in the page, as the app reads them (main.tsx). */
const drawnState = (html: string) =>
  JSON.parse(/<script type="application\/json" id="first-screen-state">([^<]*)<\/script><\/body>/.exec(html)![1]) as {
    queries: { queryKey: unknown[]; state: { data: unknown } }[];
  };

const page = async (url: string, cookie?: string) => {
  const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return res.body;
};

describe("home's first screen", () => {
  it("draws a visitor's home with the first shelves' covers, links and texts in place of the skeleton", async () => {
    const html = await page('/');
    expect(html).not.toContain('skeleton');
    expect(html).toContain('<html lang="en" data-drawn>');
    expect(html).toContain('<h1 class="home__title">Today&#x27;s newsstand</h1>');
    expect(html).toContain('data-testid="how-to-get-in"');
    const first = home.mostPopular[0];
    expect(html).toContain(`href="${first.browserLinkUrl}"`);
    expect(html).toContain(`src="${first.imageSrc}"`);
    // The first covers are fetched at once (preloaded from the head), the rest when scrolled to, as the app does.
    const eager = Math.min(4, home.mostPopular.length);
    expect(html.match(/<img [^>]*fetchPriority="high"/g)).toHaveLength(eager);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<link rel="preload" as="image"/g)).toHaveLength(eager);
    // Two shelves, as the app's first render.
    expect(html.match(/<section class="shelf/g)).toHaveLength(2);
    // The answer it was drawn from is in the page, for the app to take over with.
    expect(drawnState(html).queries.map((q) => [q.queryKey, q.state.data])).toEqual([[['home', '0', 5], home]]);
  });

  it("draws Hindi's home in Hindi, its Devanagari faces held at the first paint (font-display: optional), allowed by the policy", async () => {
    const res = await t.app.inject({ url: '/hi' });
    const html = res.body;
    expect(html).not.toContain('skeleton');
    expect(html).toContain('<html lang="hi" data-drawn>');
    expect(html).toContain('<h1 class="home__title">आज का न्यूज़स्टैंड</h1>');
    expect(html).toContain(`href="/hi${home.mostPopular[0].browserLinkUrl}"`);
    const held = SHELL_CSS.replaceAll('font-display:swap', 'font-display:optional');
    expect(html).toContain(`<style>${held}</style>`);
    expect(html).not.toContain('font-display:swap');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain(`'sha256-${crypto.createHash('sha256').update(held).digest('base64')}'`);
    // English keeps the shell's faces as they are.
    expect(await page('/')).toContain(`<style>${SHELL_CSS}</style>`);
  });

  it('leaves the skeleton for a reader with a library or an age rating, for other screens, other Hindi ones and /index.html', async () => {
    expect(await page('/', 'libraryId=3')).toContain('<p>skeleton</p>');
    expect(await page('/', 'ageRating=12')).toContain('<p>skeleton</p>');
    expect(await page('/magazines/BS', 'libraryId=3')).toContain('<p>skeleton</p>');
    expect(await page('/hi', 'ageRating=12')).toContain('<p>skeleton</p>');
    expect(await page('/hi/magazines/BS')).toContain('<p>skeleton</p>');
    expect(await page('/search')).toContain('<p>skeleton</p>');
    expect(await page('/index.html')).toBe(SHELL);
  });
});

describe('a drawn page sent', () => {
  it('goes out in the encoding asked for, each the same page', async () => {
    const get = async (encoding: string) => {
      const res = await t.app.inject({ url: '/', headers: { 'accept-encoding': encoding } });
      return { encoding: res.headers['content-encoding'], vary: String(res.headers.vary), body: res.rawPayload };
    };
    const plain = await get('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toContain('<html lang="en" data-drawn>');
    const [br, again, gzip] = [await get('gzip, br'), await get('br'), await get('gzip')];
    expect([br.encoding, again.encoding, gzip.encoding]).toEqual(['br', 'br', 'gzip']);
    expect(br.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(again.body.equals(br.body)).toBe(true);
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
  });
});

describe("a listing's first screen", () => {
  it('draws the name, the count, the pickers and the first page of the grid with its covers', async () => {
    const list: MagazineFilterResponse = (
      await t.app.inject({ url: '/content/magazine-filter?categoryID=BS&edzLibId=0&page=0&age_rate=5' })
    ).json();
    const html = await page('/magazines/BS');
    expect(html).toContain('<style>.listing-grid{display:grid}</style></head>');
    expect(html).toContain('<main id="main" tabindex="-1"><div class="listing">');
    expect(html).toMatch(/<h1 class="listing__title" data-testid="listing-title">Most Popular/);
    expect(html).toContain(`${list.nbHits} titles`);
    expect(html).toMatch(/<option value="BS" selected="">Most Popular<\/option>/);
    expect(html.match(/class="cover-card"/g)).toHaveLength(list.magazineList.length);
    for (const m of list.magazineList) expect(html).toContain(`href="${m.browserLinkUrl}"`);
    expect(html.match(/<img [^>]*fetchPriority="high"/g)).toHaveLength(Math.min(6, list.magazineList.length));
    expect(drawnState(html).queries).toHaveLength(3);
    // Its Devanagari (the language picker's हिन्दी) is in a picker, which has the font of its own.
    expect(html).toContain('<html lang="en" data-drawn>');
  });

  it('gives the whole page the Devanagari font when it draws Devanagari that does not say its language', async () => {
    const html = await page('/magazines/3');
    expect(html).toMatch(/<h1 class="listing__title" data-testid="listing-title">प्रौद्योगिकी/);
    expect(html).toContain('<html lang="en" data-drawn data-devanagari>');
  });

  it("draws nothing for the sections shown only by the institution's flags or never, an empty or unknown category, or a language", async () => {
    for (const url of ['/magazines/52', '/magazines/127', '/magazines/154', '/magazines/999999', '/magazines/ZZ', '/magazines/BS/en'])
      expect(await page(url), url).toContain('<p>skeleton</p>');
  });
});

describe("the first screens' stylesheets", () => {
  it('are allowed by their hashes in the security policy, and no other inline style is', async () => {
    const csp = (await t.app.inject({ url: '/magazines/BS' })).headers['content-security-policy'] as string;
    const style = / style-src ([^;]+)/.exec(` ${csp.replace(/;/g, '; ')}`)![1];
    const hash = (css: string) => `'sha256-${crypto.createHash('sha256').update(css).digest('base64')}'`;
    expect(style).toContain(hash(TITLE_CSS));
    expect(style).toContain(hash('.listing-grid{display:grid}'));
    expect(style).not.toContain('unsafe-inline');
  });
});

describe("a title page's first screen", () => {
  it("draws the cover, the details and the issue shelves at the title's own address", async () => {
    const mid = home.mostPopular[0].mid;
    const meta: MagazineMeta = (await t.app.inject({ url: `/content/magMeta?mid=${mid}` })).json();
    const recent: IssuesResponse = (await t.app.inject({ url: `/content/getIssuesByMag?mid=${mid}` })).json();
    const html = await page(home.mostPopular[0].browserLinkUrl);
    expect(html).toContain(`<style>${TITLE_CSS}</style></head>`);
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');
    expect(html).toContain('<main id="main" tabindex="-1"><div class="title-page">');
    expect(html).toContain(`<h1 id="title-name" class="title-hero__name" lang="${meta.lang}">${escaped(meta.name)}</h1>`);
    expect(html).toContain(`src="${meta.latestIssue!.imageSrc}"`);
    expect(html).toContain(escaped(meta.publisher));
    expect(drawnState(html).queries.find((q) => q.queryKey.includes('meta'))?.state.data).toEqual(meta);
    for (const issue of recent.edt_details.filter((i) => !i.isSpecial))
      expect(html).toContain(`href="${home.mostPopular[0].browserLinkUrl}/${issue.issueId}"`);
    expect(html).toContain('aria-current="page"');
  });

  it('draws nothing at another address of the title (the app sends it on), for an unknown or blocked title or an issue', async () => {
    const { mid, browserLinkUrl } = home.mostPopular[0];
    // (and not a title blocked anywhere: whether the reader's store is one of those is the app's to say)
    const blocked = home.mostPopular.find((m) => m.name === 'Blocked Review')!.browserLinkUrl;
    for (const url of [`/magazine/${mid}`, `/magazine/${mid}-Not-Its-Name`, '/magazine/999999', `${browserLinkUrl}/1`, blocked])
      expect(await page(url), url).toContain('<p>skeleton</p>');
  });
});

describe("the drawing's own requests", () => {
  const RATE_LIMIT = 2;
  const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';
  let capped: TestContext;
  beforeAll(async () => {
    capped = await testApp(loadCatalogue, {
      config: { appDir, rateLimitPerMinute: RATE_LIMIT, contentCacheMs: 0, metricsToken: METRICS_TOKEN },
    });
  });
  afterAll(() => capped?.close());
  /** Titles whose page is drawn (named in ASCII: a name outside it comes percent-encoded, and such a title is not drawn). */
  const drawnTitles = () => home.mostPopular.filter((m) => m.name !== 'Blocked Review' && /^[\x20-\x7e]+$/.test(m.name));

  it("are not counted against the loopback address's rate limit: many first visits are all drawn", async () => {
    // Each title page asks the server for five answers: a few pages ask far more than the cap.
    const titles = drawnTitles().slice(0, 12);
    expect(titles.length).toBeGreaterThanOrEqual(3);
    for (const { browserLinkUrl } of titles) {
      const html = (await capped.app.inject({ url: browserLinkUrl })).body;
      expect(html, browserLinkUrl).toContain('<html lang="en" data-drawn>');
    }
    // The loopback address's own allowance is whole, and still a cap.
    const statuses: number[] = [];
    for (let k = 0; k <= RATE_LIMIT; k++) statuses.push((await capped.app.inject({ url: `/content/getLanguages?k=${k}` })).statusCode);
    expect(statuses).toEqual([...Array<number>(RATE_LIMIT).fill(200), 429]);
  });

  it('are counted in the metrics as the one page request they serve', async () => {
    const [{ browserLinkUrl }] = drawnTitles();
    /** Requests counted so far, by route. */
    const counted = async () => {
      const metrics = await capped.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const byRoute = new Map<string, number>();
      for (const [, route, n] of metrics.body.matchAll(/^lectern_http_requests_total\{[^}]*route="([^"]+)"[^}]*\} (\d+)$/gm))
        byRoute.set(route, (byRoute.get(route) ?? 0) + Number(n));
      return byRoute;
    };
    const before = await counted();
    const html = (await capped.app.inject({ url: browserLinkUrl, remoteAddress: '192.0.2.9' })).body;
    expect(html).toContain('data-drawn');
    const after = await counted();
    const grew = [...after].filter(([route, n]) => n > (before.get(route) ?? 0)).map(([route, n]) => [route, n - (before.get(route) ?? 0)]);
    // The page's own request (and the scrape before it), and none of the /content answers it was drawn from.
    expect(grew.filter(([route]) => route !== '/metrics')).toEqual([[expect.not.stringMatching(/^\/content\//), 1]]);
  });

  it('carry a mark no client can send: a guessed one is counted like any request', async () => {
    const statuses: number[] = [];
    for (let k = 0; k <= RATE_LIMIT; k++)
      statuses.push(
        (
          await capped.app.inject({
            url: `/content/getStores?k=${k}`,
            headers: { 'x-lectern-self': 'a'.repeat(64) },
            remoteAddress: '192.0.2.8',
          })
        ).statusCode,
      );
    expect(statuses).toEqual([...Array<number>(RATE_LIMIT).fill(200), 429]);
  });
});

describe('the warm-up before listening', () => {
  it('draws home, a listing and a title page', async () => {
    const warm = await warmUp(t.app);
    expect(warm.stopped).toBeUndefined();
    expect(warm.drawn).toBe(3);
  });
});
