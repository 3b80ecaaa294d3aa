// The first screens drawn by the server into the shell (src/server/first-screen): home, a listing
// and a title page, for a visitor only, from the same answers the app asks for, and never in the
// service worker's shell (escaping: src/server/first-screen/home.test.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { loadCatalogue } from '../fixtures/catalogue';
import type { HomeResponse, IssuesResponse, MagazineFilterResponse, MagazineMeta } from '../../src/shared/schemas/content';

const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-app-'));
// The build lists each screen's files in the boot script; a lazy screen's stylesheets go into the page, inline.
const FILES = { listing: ['assets/list.js', 'assets/listing.css'], title: ['assets/title.css', 'assets/listing.css'] };
const SHELL = `<!doctype html><head><title>Lectern</title><script>var files = ${JSON.stringify(FILES)};</script></head><div id="root"><!--first-screen--><p>skeleton</p><!--/first-screen--></div>`;
fs.writeFileSync(path.join(appDir, 'index.html'), SHELL);
fs.mkdirSync(path.join(appDir, 'assets'));
fs.writeFileSync(path.join(appDir, 'assets/listing.css'), '.listing-grid{display:grid}');
fs.writeFileSync(path.join(appDir, 'assets/title.css'), '.title-hero{display:flex}');
const TITLE_CSS = '.title-hero{display:flex}\n.listing-grid{display:grid}';

let t: TestContext;
let home: HomeResponse;
beforeAll(async () => {
  t = await testApp(loadCatalogue, { config: { appDir } });
  home = (await t.app.inject({ url: '/content/home?edzLibId=0&age_rate=5' })).json();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(appDir, { recursive: true, force: true });
});

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
    expect(html).toContain('data-first-screen="home"');
    expect(html).toContain('Today&#39;s newsstand');
    const first = home.mostPopular[0];
    expect(html).toContain(`href="${first.browserLinkUrl}"`);
    expect(html).toContain(`src="${first.imageSrc}"`);
    // The first covers are fetched at once, the rest when scrolled to, as the app does.
    expect(html.match(/fetchpriority="high"/g)).toHaveLength(Math.min(4, home.mostPopular.length));
    // Two shelves, as the app's first render.
    expect(html.match(/<section class="shelf/g)).toHaveLength(2);
  });

  it('leaves the skeleton for a reader with a library or an age rating, for other screens, /hi and /index.html', async () => {
    expect(await page('/', 'libraryId=3')).toContain('<p>skeleton</p>');
    expect(await page('/', 'ageRating=12')).toContain('<p>skeleton</p>');
    expect(await page('/magazines/BS', 'libraryId=3')).toContain('<p>skeleton</p>');
    expect(await page('/hi')).toContain('<p>skeleton</p>');
    expect(await page('/hi/magazines/BS')).toContain('<p>skeleton</p>');
    expect(await page('/search')).toContain('<p>skeleton</p>');
    expect(await page('/index.html')).toBe(SHELL);
  });
});

describe("a listing's first screen", () => {
  it('draws the name, the count, the pickers and the first page of the grid with its covers', async () => {
    const list: MagazineFilterResponse = (
      await t.app.inject({ url: '/content/magazine-filter?categoryID=BS&edzLibId=0&page=0&age_rate=5' })
    ).json();
    const html = await page('/magazines/BS');
    expect(html).toContain('<style>.listing-grid{display:grid}</style></head>');
    expect(html).toContain('<main id="main"><div class="listing" data-first-screen="listing" data-category="BS">');
    expect(html).toContain('<h1 class="listing__title">Most Popular</h1>');
    expect(html).toContain(`${list.nbHits} titles`);
    expect(html).toContain('<option value="BS" selected>Most Popular</option>');
    expect(html.match(/class="cover-card"/g)).toHaveLength(list.magazineList.length);
    for (const m of list.magazineList) expect(html).toContain(`href="${m.browserLinkUrl}"`);
    expect(html.match(/fetchpriority="high"/g)).toHaveLength(Math.min(6, list.magazineList.length));
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
    expect(html).toContain(`<main id="main"><div class="title-page" data-first-screen="title" data-mid="${mid}">`);
    expect(html).toContain(`<h1 id="title-name" class="title-hero__name">${meta.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;')}</h1>`);
    expect(html).toContain(`src="${meta.latestIssue!.imageSrc}"`);
    expect(html).toContain(meta.publisher.replace(/&/g, '&amp;').replace(/'/g, '&#39;'));
    for (const issue of recent.edt_details.filter((i) => !i.isSpecial))
      expect(html).toContain(`href="${home.mostPopular[0].browserLinkUrl}/${issue.issueId}"`);
    expect(html).toContain('aria-current="page"');
  });

  it('draws nothing at another address of the title (the app sends it on), for an unknown title or an issue', async () => {
    const { mid, browserLinkUrl } = home.mostPopular[0];
    for (const url of [`/magazine/${mid}`, `/magazine/${mid}-Not-Its-Name`, '/magazine/999999', `${browserLinkUrl}/1`])
      expect(await page(url), url).toContain('<p>skeleton</p>');
  });
});
