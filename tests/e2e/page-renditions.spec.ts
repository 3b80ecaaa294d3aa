// Page renditions and covers on a 360 px phone at DPR 3: the reader asks for the page image
// wide enough for the device pixels the page takes (upright, zoomed, held sideways), the turn
// arrows go with the bars on a touch screen, and a downloaded issue's covers stay sharp offline
// (its tiles keep srcset, and every width comes from the download).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInQuickly, releaseDownloads, screenshot } from './pages';
import { networkOff, networkOn } from '../support/network';

const DEMO = { email: 'reader@demo.edu', password: 'read2026' };

/** The demo reader signed in (sign-in itself is tested in accounts.spec.ts); on home where the test
 * needs the app running first, else ready for the test's first page. */
async function signedIn(page: Page, { home = false } = {}) {
  await signInQuickly(page, DEMO.email, DEMO.password, { home });
}

/** A magazine readable at Demo University with at least three pages in its latest issue. */
async function aTitle(page: Page): Promise<{ mid: number; issueId: number }> {
  const list = await (await page.request.get('/content/magazine-filter?categoryID=BS&age_rate=5')).json();
  for (const m of list.magazineList) {
    if (m.type !== 'magazine') continue;
    const meta = await (await page.request.get(`/content/magMeta?mid=${m.mid}`)).json();
    const issue = (await (await page.request.get(`/content/getIssueDetails?issid=${m.issueId}`)).json()).issue;
    if (!meta.blockedCountries.length && issue.pages >= 3) return { mid: m.mid, issueId: m.issueId };
  }
  throw new Error('no readable magazine');
}

const shown = (reader: Page) => reader.locator('img.reader__page--shown').first();
/** The shown page's rendition (from its URL) once it is loaded, and its width in pixels. */
const shownImage = (reader: Page) =>
  shown(reader).evaluate((i: HTMLImageElement) =>
    i.complete && i.naturalWidth > 0 ? { size: /\/(\w+)\.webp/.exec(i.currentSrc)?.[1], width: i.naturalWidth } : null,
  );
const arrowOpacity = (reader: Page) => reader.locator('.reader__turn--next').evaluate((b) => Number(getComputedStyle(b).opacity));

test.describe('a phone at DPR 3', () => {
  test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true, serviceWorkers: 'block' });

  test('pages at 1,080 px upright, wider zoomed and sideways; the arrows go with the bars', async ({ page }) => {
    test.slow(); // three screenshots at DPR 3
    await signedIn(page);
    const { issueId } = await aTitle(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      const m = /\/content\/reader\/\d+\/pages\/\d+\/(\w+)\.webp/.exec(r.url());
      if (m) asked.push(m[1]);
    });
    await page.goto(`/reader/${issueId}?edz=1#page/1`);
    await expect.poll(() => shownImage(page)).toEqual({ size: 'large', width: 1080 });
    expect(asked).not.toContain('small');
    // The header names the issue's date once.
    const line = await page.locator('.reader__title span').innerText();
    expect(line.match(/20\d\d/g)?.length ?? 0).toBeLessThanOrEqual(1);
    await screenshot(page, 'renditions-portrait-360-dpr3');

    // Bars shown: the arrows too. A turn hides the bars, and the arrows with them; the margin
    // still turns the page.
    expect(await arrowOpacity(page)).toBe(1);
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'hidden');
    expect(await arrowOpacity(page)).toBe(0);
    await expect(page).toHaveURL(/#page\/2$/);
    await page.locator('.reader__turn--next').tap();
    await expect(page).toHaveURL(/#page\/3$/);

    // Zoomed past what 1,080 px holds: the wider rendition.
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(() => shownImage(page).then((s) => s?.size)).toBe('xlarge');
    await screenshot(page, 'renditions-zoomed-360-dpr3');
    await page.keyboard.press('0');

    // Held sideways the page takes the width (740 × 3 device pixels): the wider rendition.
    await page.setViewportSize({ width: 740, height: 360 });
    await page.goto(`/reader/${issueId}?edz=1#page/3`);
    await expect.poll(() => shownImage(page).then((s) => s?.size)).toBe('xlarge');
    expect((await shownImage(page))!.width).toBeGreaterThanOrEqual(1080);
    await screenshot(page, 'renditions-landscape-360-dpr3');
  });
});

/** The file a loaded cover shows (its path), or null while it is not loaded or broken. */
const loaded = (img: Locator) =>
  img.evaluate((i: HTMLImageElement) => (i.complete && i.naturalWidth > 0 ? new URL(i.currentSrc).pathname : null));
/** The file of a srcset at width `w`. */
const fileAt = (srcset: string | null, w: number) => new RegExp(`([^\\s,]+) ${w}w`).exec(srcset ?? '')?.[1] ?? 'none';

test.describe('offline covers', () => {
  test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 3 });

  test.afterEach(async ({ page, context }) => {
    await networkOn(context);
    await releaseDownloads(page);
  });

  test('a downloaded issue keeps every width of its cover: its tiles stay sharp with the network off', async ({ page, context }) => {
    test.slow(); // a download, then two screens offline at DPR 3
    await signedIn(page, { home: true });
    await page.evaluate(() => navigator.serviceWorker.ready);
    const { mid, issueId } = await aTitle(page);
    await page.goto(`/magazine/${mid}`);
    await page.getByTestId('download').click();
    await expect(page.getByTestId('download-done')).toBeVisible({ timeout: 20_000 });
    // Read a page: this device's own progress names the issue in Continue reading offline.
    const reader = await context.newPage();
    await reader.goto(`/reader/${issueId}?edz=1#page/2`);
    await expect.poll(() => shownImage(reader).then((s) => s?.width ?? 0)).toBeGreaterThan(0);
    await reader.close();

    await networkOff(context);
    await page.goto('/dashboard/downloads');
    const cover = page.getByTestId('downloaded-issue').locator('img');
    await expect(cover).toHaveAttribute('srcset', /450w/);
    // At DPR 3 a 72 px cover takes the 300w file (216 device px), which came with the download.
    await expect.poll(() => loaded(cover)).toBe(fileAt(await cover.getAttribute('srcset'), 300));
    await screenshot(page, 'downloads-offline-360-dpr3');

    await page.goto('/');
    const tile = page.getByTestId('section-continueReading').getByTestId('continue-tile').first().locator('img');
    await expect(tile).toHaveAttribute('srcset', /450w/);
    // A 138 px shelf tile takes the 450w file (414 device px): the one it fetched online.
    await expect.poll(() => loaded(tile)).toBe(fileAt(await tile.getAttribute('srcset'), 450));
    await screenshot(page, 'home-offline-360-dpr3');
  });
});
