// What bench/reader.ts and bench/reader-waterfall.ts share: the throttling profiles, signing in
// the demo's reader, the readable issues, a reader token, and "the first page is shown".
import type { BrowserContext, Page } from 'playwright-core';
import { readerToken } from '../tests/support/reader-token';

const mbit = (n: number) => (n * 1024 * 1024) / 8;
/** Chromium DevTools' "Slow 4G" preset, and Lighthouse's mobile slow 4G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up). */
export const PROFILES = {
  slow4g: {
    label: 'Chromium Slow 4G (562.5 ms RTT, 1.44 Mbit/s)',
    conditions: { offline: false, latency: 562.5, downloadThroughput: mbit(1.44), uploadThroughput: mbit(0.675) },
  },
  lighthouse: {
    label: 'Lighthouse slow 4G (150 ms RTT, 1.6 Mbit/s)',
    conditions: { offline: false, latency: 150, downloadThroughput: mbit(1.6), uploadThroughput: mbit(0.75) },
  },
};

export async function signIn(context: BrowserContext, base: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/login/verify/password`);
  await page.getByLabel('Institution e-mail address').fill('reader@demo.edu');
  await page.getByLabel('Password', { exact: true }).fill('read2026');
  await page.locator('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${base}/`);
  return page;
}

/** Latest issues of readable magazines (not blocked), newest titles first. */
export async function readableIssues(page: Page, base: string): Promise<number[]> {
  const list = await (await page.request.get(`${base}/content/magazine-filter?categoryID=BS&age_rate=5`)).json();
  const out: number[] = [];
  for (const m of list.magazineList) {
    const meta = await (await page.request.get(`${base}/content/magMeta?mid=${m.mid}`)).json();
    if (m.type === 'magazine' && !meta.blockedCountries.length) out.push(m.issueId);
  }
  return out;
}

export async function codeFor(page: Page, issueId: number): Promise<string> {
  return (await readerToken(page, issueId)).code;
}

/** The opening page is on the screen: the reader's own, or the one reader.html shows before the
 * reader's code has run (`readerDrawn`: the reader's own only). */
export const firstPageShown = (reader: Page, readerDrawn = false) =>
  reader.waitForFunction(
    (selector) => [...document.querySelectorAll<HTMLImageElement>(selector)].some((img) => img.complete && img.naturalWidth > 0),
    readerDrawn ? 'img.reader__page--shown' : 'img.reader__page--shown, #reader-boot img',
    { timeout: 60_000 },
  );
