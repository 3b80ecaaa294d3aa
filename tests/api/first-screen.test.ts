// Home's first screen drawn by the server into the shell (src/server/first-screen): for a visitor
// only, from the same answer the app asks for, and never in the service worker's shell (escaping:
// src/server/first-screen/home.test.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { loadCatalogue } from '../fixtures/catalogue';
import type { HomeResponse } from '../../src/shared/schemas/content';

const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-app-'));
const SHELL = '<!doctype html><title>Lectern</title><div id="root"><!--first-screen--><p>skeleton</p><!--/first-screen--></div>';
fs.writeFileSync(path.join(appDir, 'index.html'), SHELL);

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
    expect(await page('/magazines/BS')).toContain('<p>skeleton</p>');
    expect(await page('/hi')).toContain('<p>skeleton</p>');
    expect(await page('/index.html')).toBe(SHELL);
  });
});
