// The reader in Chromium: opening from a title and an issue tile (Discover is in search.spec),
// the pop-up-blocked fallback, refusals (expired dialog, blocked country), turning by key,
// swipe and buttons, zoom, thumbnails and the page scrubber, the text view, resume on another
// device, a stale token, the boot script's early requests, downloads read with the network off,
// a download resumed after a lost connection, downloads removed when access ends, the
// download limit, and tokens running out (on a server of its own with one-minute tokens).
import { expect, test, type Page } from '@playwright/test';
import { PGLITE_TEMPLATE, PORT, SignIn, holdExpiredReader, signInQuickly, releaseDownloads, screenshot, screenshotBoth } from './pages';
import { startServer } from '../support/server-process';
import { networkOff, networkOn } from '../support/network';
import { readerToken } from '../support/reader-token';

const DEMO = { email: 'reader@demo.edu', password: 'read2026' };

/** The demo reader signed in (sign-in itself is tested in accounts.spec.ts); on home where the test
 * needs the app running first (its service worker, say), else ready for the test's first page. */
async function signedIn(page: Page, { home = false } = {}) {
  await signInQuickly(page, DEMO.email, DEMO.password, { home });
}

/** Magazines of the demo library readable at Demo University (not country-blocked), with at
 * least three pages in their latest issue. */
async function readableTitles(page: Page, n: number): Promise<{ mid: number; issueId: number; pages: number }[]> {
  const list = await (await page.request.get('/content/magazine-filter?categoryID=BS&age_rate=5')).json();
  const out = [];
  for (const m of list.magazineList) {
    if (m.type !== 'magazine' || out.length >= n) continue;
    const meta = await (await page.request.get(`/content/magMeta?mid=${m.mid}`)).json();
    const issue = (await (await page.request.get(`/content/getIssueDetails?issid=${m.issueId}`)).json()).issue;
    if (!meta.blockedCountries.length && issue.pages >= 3) out.push({ mid: m.mid, issueId: m.issueId, pages: issue.pages });
  }
  if (out.length < n) throw new Error(`fewer than ${n} readable magazines`);
  return out;
}
const aTitle = async (page: Page) => (await readableTitles(page, 1))[0];
/** One of them whose latest issue this reader has no progress in on any device (the token's
 * answer names no page): other tests read the first ones. */
async function unreadTitle(page: Page) {
  for (const title of (await readableTitles(page, 3)).reverse()) {
    const { page: named } = await readerToken(page, title.issueId);
    if (named === null) return title;
  }
  throw new Error('this reader has progress in every readable title');
}

/** The reader's entry chunk, which reader.html's boot script asks for (vite.config.ts readerStart). */
async function readerEntry(page: Page, issueId: number): Promise<string> {
  const html = await (await page.request.get(`/reader/${issueId}`)).text();
  return /"entry":"([^"]+)"/.exec(html)![1];
}

async function openFromTitle(page: Page, mid: number): Promise<Page> {
  await page.goto(`/magazine/${mid}`);
  const [reader] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('read-now').click()]);
  await expect(reader.locator('img.reader__page--shown').first()).toBeVisible();
  return reader;
}

const position = (reader: Page) => reader.getByTestId('reader-position');
/** Waits until every image `selector` finds (at least `atLeast` of them) is loaded. */
const imagesLoaded = (reader: Page, selector: string, atLeast = 1) =>
  expect
    .poll(() =>
      reader
        .locator(selector)
        .evaluateAll(
          (imgs, n) => imgs.length >= n && imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
          atLeast,
        ),
    )
    .toBe(true);
/** Waits until every shown page's image is loaded. */
const shownLoaded = (reader: Page) => imagesLoaded(reader, 'img.reader__page--shown');
/** A tap on the page brings back the bars (a turn on a phone hid them). */
async function showBars(reader: Page) {
  const stage = reader.getByTestId('reader-stage');
  const box = (await stage.boundingBox())!;
  await stage.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect(reader.locator('.reader__bar')).toBeVisible();
}
const shownPages = (reader: Page) =>
  reader.locator('img.reader__page--shown').evaluateAll((imgs) => imgs.map((i) => Number((i as HTMLImageElement).dataset.page)));

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

  test('Read Now opens the issue in a new tab; keys, swipe, buttons, zoom, thumbnails, scrubber and text view', async ({ page }) => {
    await signedIn(page);
    const { mid, issueId, pages } = await aTitle(page);
    const tokenCall = page.waitForRequest('**/api/reader/token');
    const reader = await openFromTitle(page, mid);
    // The reader-token call of spec §7, with its parameters.
    expect((await tokenCall).postDataJSON()).toMatchObject({
      user_id: expect.any(String),
      issue: issueId,
      store_id: 1,
      readtype: 'reader',
      userLang: 'en',
      isnews: 0,
      ageRating: 5,
      device: 'web',
      lib_id: expect.any(Number),
    });
    // The token went into the tab and straight out of its address bar.
    // (at the page this reader last read, if another test opened it before)
    await expect(reader).toHaveURL(new RegExp(`/reader/${issueId}\\?edz=1#page/\\d+$`));
    await reader.keyboard.press('Home');
    await expect(reader).toHaveURL(/#page\/1$/);
    await expect(position(reader)).toHaveText(`Page 1 of ${pages}`);
    await shownLoaded(reader);
    // The next pages are already in the document (prefetched), one page shown at a time.
    expect(await reader.locator('img.reader__page').count()).toBeGreaterThan(1);
    expect(await shownPages(reader)).toEqual([1]);
    await screenshot(reader, 'reader-360');

    await reader.keyboard.press('ArrowRight');
    await expect(position(reader)).toHaveText(`Page 2 of ${pages}`);
    await expect(reader).toHaveURL(/#page\/2$/);
    await reader.keyboard.press('ArrowLeft');
    await expect(position(reader)).toHaveText(`Page 1 of ${pages}`);

    // A swipe to the left turns forward.
    const box = (await reader.getByTestId('reader-stage').boundingBox())!;
    const y = box.y + box.height / 2;
    await reader.mouse.move(box.x + box.width * 0.8, y);
    await reader.mouse.down();
    await reader.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await reader.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
    await reader.mouse.up();
    await expect(position(reader)).toHaveText(`Page 2 of ${pages}`);
    await reader.getByRole('button', { name: 'Next page' }).click();
    await expect(position(reader)).toHaveText(`Page 3 of ${pages}`);
    await reader.getByRole('button', { name: 'Previous page' }).click();
    await expect(position(reader)).toHaveText(`Page 2 of ${pages}`);

    // Double-tap zooms in at the point, again fits the page; a drag then pans, not turns.
    const stage = reader.getByTestId('reader-stage');
    await stage.dblclick({ position: { x: box.width / 2, y: box.height / 3 } });
    await expect(stage).toHaveAttribute('data-zoom', '2.50');
    await reader.mouse.move(box.x + box.width * 0.7, y);
    await reader.mouse.down();
    await reader.mouse.move(box.x + box.width * 0.3, y, { steps: 5 });
    await reader.mouse.up();
    await expect(position(reader)).toHaveText(`Page 2 of ${pages}`);
    // Zoomed in, the page swaps to its large image.
    await expect(reader.locator('img.reader__page--shown')).toHaveAttribute('src', /\/large\.webp/);
    await shownLoaded(reader);
    await screenshot(reader, 'reader-zoomed-360');
    await reader.keyboard.press('0');
    await expect(stage).toHaveAttribute('data-zoom', '1.00');

    // The turns gave the page the whole screen; a tap on the page brings the bars back.
    await expect(reader.locator('.reader__bar')).toBeHidden();
    await showBars(reader);
    await reader.getByRole('button', { name: 'Pages', exact: true }).click();
    await reader
      .locator('.reader__thumb')
      .nth(pages - 1)
      .click();
    await expect(position(reader)).toHaveText(`Page ${pages} of ${pages}`);
    await reader.getByRole('slider', { name: 'Go to page' }).fill('1');
    await expect(position(reader)).toHaveText(`Page 1 of ${pages}`);

    await reader.getByRole('button', { name: 'Text' }).click();
    await expect(reader.getByTestId('page-text')).toContainText('Text of page 1');
    await expect(reader.getByTestId('page-text').getByRole('status')).toHaveCount(0);
    expect((await reader.getByTestId('page-text').innerText()).length).toBeGreaterThan(40);
    await screenshot(reader, 'reader-text-360');
  });

  test('the issue and the opening page are each fetched once: the boot script asks and shows the page, the reader uses its answers', async ({
    page,
    context,
  }) => {
    await signedIn(page);
    const { mid, issueId } = await aTitle(page);
    const fetched: string[] = [];
    context.on('request', (r) => {
      if (r.url().includes('/content/reader/')) fetched.push(new URL(r.url()).pathname);
    });
    // The reader's own code is held back: reader.html shows the opening page without it.
    const entry = await readerEntry(page, issueId);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.goto(`/magazine/${mid}`);
    await expect(page.getByTestId('read-now')).toBeVisible();
    await context.route(`**${entry}`, async (route) => {
      await held;
      await route.continue().catch(() => {}); // (the first tab below is closed by then)
    });
    // The opened address, at page 1 (another test may have left this reader further on).
    const [opened] = await Promise.all([context.waitForEvent('page'), page.getByTestId('read-now').click()]);
    const address = `${opened.url().split('#')[0]}#page/1`;
    await opened.close();
    fetched.length = 0;
    const reader = await context.newPage();
    await reader.goto(address, { waitUntil: 'commit' });
    const early = reader.locator('#reader-boot img');
    await expect.poll(() => early.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    await expect(reader.locator('.reader__bar')).toHaveCount(0);
    release();
    await shownLoaded(reader);
    await expect(reader.locator('#reader-boot')).toHaveCount(0); // the reader's own page took its place
    const [n] = await shownPages(reader);
    await reader.waitForTimeout(500); // the neighbours follow
    // The next page lies drawn under the shown one at its size (so it is decoded before a turn).
    const stack = await reader.evaluate(() => {
      const [shown, next] = ['img.reader__page--shown', 'img.reader__page:not(.reader__page--shown)'].map((s) =>
        document.querySelector<HTMLImageElement>(s)!,
      );
      const [a, b] = [shown.getBoundingClientRect(), next.getBoundingClientRect()];
      const z = (i: HTMLImageElement) => Number(getComputedStyle(i).zIndex);
      return {
        visibility: getComputedStyle(next).visibility,
        sameBox: a.x === b.x && a.y === b.y && a.width === b.width,
        above: z(shown) > z(next),
      };
    });
    expect(stack).toEqual({ visibility: 'visible', sameBox: true, above: true });
    expect(fetched.filter((p) => p === `/content/reader/${issueId}`)).toHaveLength(1);
    expect(fetched.filter((p) => p.startsWith(`/content/reader/${issueId}/pages/${n}/`))).toEqual([
      `/content/reader/${issueId}/pages/${n}/small.webp`,
    ]);
    expect(fetched.some((p) => p.startsWith(`/content/reader/${issueId}/pages/${n + 1}/`))).toBe(true);
    // The shown image came from the boot script's preload, not from the reader's own <img>.
    const initiator = await reader.evaluate(
      (path) => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.includes(path))?.initiatorType,
      `/pages/${n}/small.webp`,
    );
    expect(initiator).toBe('link');
  });

  test("Read Now of an issue with no progress names its first page, so reader.html shows it before the reader's code", async ({
    page,
    context,
  }) => {
    await signedIn(page);
    const { mid, issueId, pages } = await unreadTitle(page);
    const entry = await readerEntry(page, issueId);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.goto(`/magazine/${mid}`);
    await expect(page.getByTestId('read-now')).toHaveText('Read Now');
    await context.route(`**${entry}`, async (route) => {
      await held;
      await route.continue();
    });
    // (an address without a page waited for the reader's code, which resumes at the device's progress)
    const [reader] = await Promise.all([context.waitForEvent('page'), page.getByTestId('read-now').click()]);
    await expect(reader).toHaveURL(new RegExp(`/reader/${issueId}\\?edz=1&code=[^#]+#page/1$`));
    const early = reader.locator('#reader-boot img');
    await expect.poll(() => early.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    await expect(reader.locator('.reader__bar')).toHaveCount(0);
    release();
    await shownLoaded(reader);
    await expect(reader.locator('#reader-boot')).toHaveCount(0);
    await expect(position(reader)).toHaveText(`Page 1 of ${pages}`);
  });

  test('progress resumes on another device of the same reader', async ({ page, browser }) => {
    await signedIn(page);
    const { mid, pages } = await aTitle(page);
    const reader = await openFromTitle(page, mid);
    await reader.getByRole('slider', { name: 'Go to page' }).fill(String(pages));
    await expect(position(reader)).toHaveText(`Page ${pages} of ${pages}`);
    await reader.waitForTimeout(2000); // the save is debounced
    await reader.close();

    const laptop = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
    const other = await laptop.newPage();
    await signedIn(other);
    const again = await openFromTitle(other, mid);
    await expect(again).toHaveURL(new RegExp(`#page/${pages}$`));
    await expect(position(again)).toHaveText(`Page ${pages} of ${pages}`);
    await laptop.close();
  });

  test('an issue tile opens that issue; a blocked pop-up opens the reader in the same tab', async ({ page }) => {
    await signedIn(page);
    const { mid } = await aTitle(page);
    await page.goto(`/magazine/${mid}`);
    const tile = page.getByTestId('section-recent-issues').locator('.issue-tile').last();
    const href = await tile.getByTestId('issue-card').getAttribute('href');
    const issueId = Number(href!.split('/').at(-1));
    const [reader] = await Promise.all([page.context().waitForEvent('page'), tile.getByTestId('issue-read').click()]);
    await expect(reader).toHaveURL(new RegExp(`/reader/${issueId}\\?edz=1#page/\\d+$`));
    await reader.close();

    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByTestId('read-now').click();
    await expect(page).toHaveURL(/\/reader\/\d+\?edz=1#page\/\d+$/);
    await expect(page.locator('img.reader__page--shown')).toBeVisible();
  });

  test('a stale reading link asks for a fresh token; a copied page URL with a bad token is refused', async ({ page }) => {
    await signedIn(page);
    const { issueId } = await aTitle(page);
    await page.goto(`/reader/${issueId}?edz=1&code=not-a-token#page/2`);
    await expect(page.locator('img.reader__page--shown')).toBeVisible();
    await expect(position(page)).toContainText('Page 2 of');
    const src = await page.locator('img.reader__page--shown').evaluate((i: HTMLImageElement) => i.currentSrc);
    expect(new URL(src).searchParams.get('code')).toBeTruthy();
    expect((await page.request.get(src)).status()).toBe(200);
    const copied = new URL(src);
    copied.searchParams.set('code', `${copied.searchParams.get('code')}x`);
    const refused = await page.request.get(copied.href);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('token_invalid');
  });

  test('an expired subscription shows the dialog of spec §4; a blocked title the blocked text', async ({ page }) => {
    await signedIn(page);
    const { mid, issueId } = await aTitle(page);
    // The subscription ended after this device last checked: the server says so on opening.
    await page.request.get('/');
    await holdExpiredReader(page, DEMO.password);
    await page.goto(`/magazine/${mid}`);
    await page.getByTestId('read-now').click();
    const dialog = page.getByTestId('reading-refused');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Oops! Your Lectern subscription has expired');
    await expect(dialog).toContainText(
      'Please contact your college/university librarian to indulge in unlimited reading of magazines, newspapers and journals again.',
    );
    await screenshot(page, 'reader-expired-360');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
    await page.goto(`/reader/${issueId}?edz=1`);
    await expect(page.getByTestId('reader-failure')).toContainText('Oops! Your Lectern subscription has expired');

    // Back to the active account: a title blocked in the reader's country is refused by the server.
    await signedIn(page);
    let blocked = 0;
    for (let m = 1; m <= 60 && !blocked; m++) {
      const meta = await (await page.request.get(`/content/magMeta?mid=${m}`)).json();
      if (meta.blockedCountries?.includes('IN')) blocked = meta.latestIssue.issueId;
    }
    await page.goto(`/reader/${blocked}?edz=1`);
    await expect(page.getByTestId('reader-failure')).toContainText('Oops! This magazine is blocked for your country .');
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });

  test('facing pages after the cover alone, in the language of the app', async ({ page }) => {
    await signedIn(page);
    const { mid, pages } = await aTitle(page);
    const reader = await openFromTitle(page, mid);
    await reader.keyboard.press('Home');
    expect(await shownPages(reader)).toEqual([1]);
    await reader.keyboard.press('ArrowRight');
    await expect(position(reader)).toHaveText(`Pages 2–3 of ${pages}`);
    expect(await shownPages(reader)).toEqual([2, 3]);
    await shownLoaded(reader);
    await screenshot(reader, 'reader-1280');
    await reader.close();

    await page.goto(`/hi/magazine/${mid}`);
    const [hindi] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('read-now').click()]);
    await expect(hindi).toHaveURL(/lang=hi/);
    await expect(hindi.getByRole('button', { name: 'पाठ' })).toBeVisible();
    await shownLoaded(hindi);
    await screenshot(hindi, 'reader-hi-1280');
    // The end-of-issue panel, in Hindi.
    await hindi.keyboard.press('End');
    await hindi.keyboard.press('ArrowRight');
    await expect(hindi.getByTestId('reader-end')).toContainText('इस अंक का अंत');
    await expect(hindi.getByTestId('more-from-title')).toHaveAttribute('href', new RegExp(`^/hi/magazine/${mid}-[^/]+$`));
    await screenshot(hindi, 'reader-end-hi-1280');
  });
});

test.describe('the daily path on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

  test('Read Now says it is opening at once and ignores more taps; the back arrow returns to the tab it came from', async ({ page }) => {
    await signedIn(page);
    const { mid, issueId } = await aTitle(page);
    await page.goto(`/magazine/${mid}`);
    await screenshotBoth(page, 'title', { fullPage: false });
    await page.goto(`/hi/magazine/${mid}`);
    await screenshot(page, 'title-hi-360');
    await page.goto(`/magazine/${mid}`);
    // Slow Wi-Fi: the token comes only once the extra taps are made (a fixed delay let a slow
    // machine's screenshot outlast it, and a tap after the open is rightly a new open).
    let asked = 0;
    let tokenMayCome!: () => void;
    const held = new Promise<void>((resolve) => (tokenMayCome = resolve));
    await page.route('**/api/reader/token', async (route) => {
      asked++;
      await held;
      await route.continue();
    });
    const readNow = page.getByTestId('read-now');
    const opened = page.context().waitForEvent('page');
    await readNow.click();
    await expect(readNow).toHaveAttribute('aria-busy', 'true');
    await expect(readNow).toHaveText('Opening…');
    await screenshot(page, 'read-now-opening-360');
    await readNow.click({ force: true });
    await readNow.click({ force: true });
    tokenMayCome();
    const reader = await opened;
    await expect(reader).toHaveURL(new RegExp(`/reader/${issueId}\\?edz=1`));
    await expect(readNow).not.toHaveAttribute('aria-busy');
    await page.waitForTimeout(500); // a second tab would have opened by now
    expect(asked).toBe(1);
    expect(page.context().pages()).toHaveLength(2);

    // The back arrow closes the reader's tab: the title's tab is where the reader was.
    await Promise.all([reader.waitForEvent('close'), reader.getByRole('link', { name: 'Back to the title' }).click()]);
    expect(page.context().pages()).toEqual([page]);
    await expect(page).toHaveURL(new RegExp(`/magazine/${mid}(-[^/]+)?$`));

    // A blocked pop-up opened the reader in this tab: the back arrow goes back in it.
    await page.unroute('**/api/reader/token');
    await page.evaluate(() => {
      window.open = () => null;
    });
    await readNow.click();
    await expect(page).toHaveURL(new RegExp(`/reader/${issueId}\\?edz=1`));
    await page.getByRole('link', { name: 'Back to the title' }).click();
    await expect(page).toHaveURL(new RegExp(`/magazine/${mid}(-[^/]+)?$`));
    await expect(page.getByTestId('read-now')).toBeVisible();
  });

  test('a signed-out Read Now comes back to the issue after sign-in and opens it', async ({ page }) => {
    const { mid, issueId } = await aTitle(page);
    await page.goto(`/magazine/${mid}`);
    // (the app sends the address on to the title's own first: the way back names that one)
    await expect(page).toHaveURL(new RegExp(`/magazine/${mid}-[^/?]+$`));
    await page.getByTestId('read-now').click();
    await expect(page).toHaveURL(new RegExp(`/login\\?returnTo=%2Fmagazine%2F${mid}-.+%3Fread%3D${issueId}$`));
    // The sign-in page remembers the way back once it has rendered; the helper below opens the
    // password page anew, so wait for that first (on a slow machine the address came first).
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('lectern.returnTo'))).toContain(`read=${issueId}`);
    const opened = page.context().waitForEvent('page');
    await new SignIn(page).withPassword(DEMO.email, DEMO.password);
    const reader = await opened;
    await expect(reader).toHaveURL(new RegExp(`/reader/${issueId}\\?edz=1`));
    await expect(reader.locator('img.reader__page--shown').first()).toBeVisible();
    // Back on the issue's page, without the request to open it (a reload does not open it again).
    await expect(page).toHaveURL(new RegExp(`/magazine/${mid}(-[^/]+)?$`));
  });

  test('Read Now offers to continue at the page reached', async ({ page }) => {
    await signedIn(page);
    const { mid } = await aTitle(page);
    const reader = await openFromTitle(page, mid);
    // (page 2 of three: the last page reached would finish the issue, which then reads from the start)
    await reader.getByRole('slider', { name: 'Go to page' }).fill('2');
    await expect(position(reader)).toHaveText(/^Page 2 of/);
    await Promise.all([reader.waitForEvent('close'), reader.getByRole('link', { name: 'Back to the title' }).click()]);
    await page.bringToFront();
    const readNow = page.getByTestId('read-now');
    await expect(readNow).toHaveText('Continue (p. 2)');
    await screenshot(page, 'title-continue-360');
    const [again] = await Promise.all([page.context().waitForEvent('page'), readNow.click()]);
    await expect(again).toHaveURL(/#page\/2$/);
    await again.close();
    await page.goto(`/hi/magazine/${mid}`);
    await expect(page.getByTestId('read-now')).toHaveText('जारी रखें (पृ. 2)');
    await screenshot(page, 'title-continue-hi-360');
  });

  test('the bars give way to the page; the scrubber; turn arrows in the margins; the end-of-issue panel', async ({ page }) => {
    await signedIn(page);
    const { mid, issueId, pages } = await aTitle(page);
    const reader = await openFromTitle(page, mid);
    await reader.keyboard.press('Home');
    const stage = reader.getByTestId('reader-stage');
    const bar = reader.locator('.reader__bar');
    await expect(bar).toBeVisible();
    const next = reader.getByRole('button', { name: 'Next page' });
    expect((await next.boundingBox())!.width).toBe(44);
    await next.click();
    await expect(position(reader)).toHaveText(`Page 2 of ${pages}`);
    // After a turn the page has the screen; a tap shows the bars, another hides them.
    await expect(bar).toBeHidden();
    await expect(reader.getByRole('slider', { name: 'Go to page' })).toBeHidden();
    await shownLoaded(reader);
    await screenshot(reader, 'reader-immersive-360');
    const box = (await stage.boundingBox())!;
    await stage.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect(bar).toBeVisible();
    await stage.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect(bar).toBeHidden();
    // Zoomed in, the arrows step aside (a drag pans the page).
    await stage.dblclick({ position: { x: box.width / 2, y: box.height / 3 } });
    await expect(stage).toHaveAttribute('data-zoom', '2.50');
    await expect(next).toHaveCount(0);
    await expect(bar).toBeHidden(); // a double tap is not a tap
    await reader.keyboard.press('0');
    await expect(next).toBeVisible();

    // The scrubber, by keyboard: Tab shows the bars, the slider moves a page at a time.
    await reader.keyboard.press('Tab');
    await expect(bar).toBeVisible();
    const scrubber = reader.getByRole('slider', { name: 'Go to page' });
    await expect(scrubber).toHaveAttribute('aria-valuetext', `Page 2 of ${pages}`);
    await scrubber.focus();
    await reader.keyboard.press('End');
    await expect(position(reader)).toHaveText(`Page ${pages} of ${pages}`);
    await reader.keyboard.press('ArrowLeft');
    await expect(position(reader)).toHaveText(`Page ${pages - 1} of ${pages}`);
    await expect(reader).toHaveURL(new RegExp(`#page/${pages - 1}$`));
    await screenshot(reader, 'reader-scrubber-360');

    // Past the last page: what to read next instead of a dead end.
    await scrubber.fill(String(pages));
    await next.click();
    const end = reader.getByTestId('reader-end');
    await expect(end).toContainText('End of this issue');
    const more = end.getByTestId('more-from-title');
    await expect(more).toHaveAttribute('href', new RegExp(`^/magazine/${mid}-[^/]+$`));
    await expect(end.getByTestId('reader-download')).toHaveText('Download');
    const older = (await (await page.request.get(`/content/getIssuesByMag?mid=${mid}`)).json()).edt_details.filter(
      (i: { issueId: number; isSpecial: boolean }) => !i.isSpecial && i.issueId !== issueId,
    )[0];
    await expect(end.getByTestId('next-issue')).toHaveCount(0); // the latest issue has none after it
    await screenshot(reader, 'reader-end-360');
    await end.getByRole('button', { name: 'Back to the last page' }).click();
    await expect(end).toBeHidden();
    await expect(position(reader)).toHaveText(`Page ${pages} of ${pages}`);
    await reader.keyboard.press('ArrowRight');
    await expect(end).toBeVisible();
    await end.getByTestId('previous-issue').click();
    await expect(reader).toHaveURL(new RegExp(`/reader/${older.issueId}\\?edz=1`));
    await expect(reader.locator('img.reader__page--shown').first()).toBeVisible();
  });

  test('a turn to a page already loaded paints no page again, the first one (which hides the bars) too', async ({ page }) => {
    await signedIn(page);
    const { mid, pages } = await aTitle(page);
    const reader = await openFromTitle(page, mid);
    await reader.keyboard.press('Home');
    await imagesLoaded(reader, 'img.reader__page', 2);
    // Chromium's own count of each layer's paints, by page.
    const cdp = await reader.context().newCDPSession(reader);
    let layers: { backendNodeId?: number; paintCount: number }[] = [];
    cdp.on('LayerTree.layerTreeDidChange', (e) => (layers = e.layers ?? layers));
    await cdp.send('DOM.getDocument', { depth: 0 });
    await cdp.send('LayerTree.enable');
    // Chromium sends the tree when it changes: a layer of the test's own, moved on each read, makes
    // it send the tree as it is (its paints are its own, not a page's).
    const paints = async () => {
      await reader.evaluate(() => {
        const probe = document.getElementById('paint-probe') ?? document.body.appendChild(document.createElement('div'));
        probe.id = 'paint-probe';
        probe.style.cssText = `position: fixed; will-change: transform; width: 1px; height: 1px; left: ${Math.random() * 10}px`;
      });
      await reader.waitForTimeout(500); // (frames for any paint to show in the count)
      const byPage = new Map<number, number>();
      for (const l of layers.filter((l) => l.backendNodeId)) {
        const { node } = await cdp.send('DOM.describeNode', { backendNodeId: l.backendNodeId });
        const at = node.attributes?.indexOf('data-page') ?? -1;
        if (at >= 0) byPage.set(Number(node.attributes![at + 1]), l.paintCount);
      }
      return byPage;
    };
    // On a busy machine the first tree can come late, and a page still loading paints again: read
    // until the tree holds the three pages and two reads agree.
    let opened = new Map<number, number>();
    await expect
      .poll(
        async () => {
          const before = opened;
          opened = await paints();
          return [1, 2, 3].every((n) => opened.has(n) && opened.get(n) === before.get(n));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    // The bars lie over the stage: hiding them resizes nothing.
    const stage = reader.getByTestId('reader-stage');
    const stageBox = await stage.boundingBox();

    await reader.keyboard.press('ArrowRight');
    await expect(position(reader)).toHaveText(`Page 2 of ${pages}`);
    await expect(reader.locator('.reader__bar')).toBeHidden();
    expect(await stage.boundingBox()).toEqual(stageBox);
    const turned = await paints();
    for (const n of [1, 2, 3]) expect(turned.get(n), `page ${n}'s paints at the first turn`).toBe(opened.get(n));

    await reader.keyboard.press('ArrowRight');
    await expect(position(reader)).toHaveText(`Page 3 of ${pages}`);
    await expect(reader.locator('img.reader__page--shown')).toHaveAttribute('data-page', '3');
    const again = await paints();
    for (const n of [2, 3]) expect(again.get(n), `page ${n}'s paints at the next turn`).toBe(opened.get(n));
  });

  test('sideways, the page fits the width and scrolls; the text view stays inside its card', async ({ page }) => {
    await signedIn(page);
    const { mid } = await aTitle(page);
    const reader = await openFromTitle(page, mid);
    await reader.setViewportSize({ width: 740, height: 360 });
    await expect(reader.getByTestId('reader-stage')).toHaveAttribute('data-fit', 'width');
    await shownLoaded(reader);
    const shown = reader.locator('img.reader__page--shown');
    await expect.poll(async () => (await shown.boundingBox())!.width).toBeGreaterThan(700);
    const scroller = reader.locator('.reader__scroller');
    expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await screenshot(reader, 'reader-sideways-740');

    await reader.setViewportSize({ width: 360, height: 740 });
    await reader.getByRole('slider', { name: 'Go to page' }).fill('1'); // wherever an earlier test left it
    await reader.getByRole('button', { name: 'Text' }).click();
    const card = reader.getByTestId('page-text').first();
    await expect(card).not.toContainText('Opening the issue');
    expect(await card.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await reader.keyboard.press('ArrowRight');
    await expect(card).toContainText('Text of page 2');
    // An article page: its running header apart from the story, a headline, paragraphs, and the
    // stories' text size control (remembered: the story pages use the same setting).
    await expect(card.locator('.reader__text-folio')).toHaveText(/\D2$/);
    await expect(card.getByRole('heading', { level: 2 })).toBeVisible();
    expect(await card.locator('p:not(.reader__text-page)').count()).toBeGreaterThan(1);
    const size = () => card.evaluate((el) => getComputedStyle(el).fontSize);
    expect(await size()).toBe('17px');
    await reader.getByTestId('font-larger').click();
    expect(await size()).toBe('19px');
    expect(await reader.evaluate(() => localStorage.getItem('lectern.articleFontSize'))).toBe('19');
    await screenshot(reader, 'reader-text-long-360');
  });
});

test.describe('downloads', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  // Whatever a test left (even a failed one), this device's downloads are given back on the
  // server: the next tests count on the reader's download limit.
  test.afterEach(async ({ page, context }) => {
    await context.unroute('**/*');
    await context.setOffline(false);
    await releaseDownloads(page);
  });

  async function download(page: Page, mid: number) {
    await page.goto(`/magazine/${mid}`);
    await page.getByTestId('download').click();
  }

  test('a downloaded issue is read with the network switched off', async ({ page, context }) => {
    await signedIn(page, { home: true });
    await page.evaluate(() => navigator.serviceWorker.ready);
    const { mid, issueId, pages } = await aTitle(page);
    await download(page, mid);
    await expect(page.getByTestId('download-done')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('download-done').click();
    await expect(page).toHaveURL(/\/dashboard\/downloads$/);
    const item = page.getByTestId('downloaded-issue');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(/\d+(\.\d)? KB/);
    await expect(page.getByTestId('storage')).toContainText(/Using .+ of .+ on this device/);
    await expect(page.getByTestId('limits')).toContainText('of 2 issues downloaded');
    await screenshot(page, 'downloads-360');

    await networkOff(context);
    const reader = await context.newPage();
    await reader.goto(`/reader/${issueId}?edz=1#page/1`);
    await expect(reader.locator('img.reader__page--shown')).toBeVisible();
    await shownLoaded(reader);
    await reader.keyboard.press('ArrowRight');
    await expect(position(reader)).toHaveText(`Page 2 of ${pages}`);
    await shownLoaded(reader);
    await showBars(reader);
    await reader.getByRole('button', { name: 'Text' }).click();
    // The text comes from the device a moment after the view opens ("Opening the issue…" till then).
    await expect(reader.getByTestId('page-text').getByRole('status')).toHaveCount(0);
    expect((await reader.getByTestId('page-text').innerText()).length).toBeGreaterThan(40);
    await screenshot(reader, 'reader-offline-360');
    await reader.close();
    // The page views made offline wait in the outbox; the app sends them when the network returns
    // (the page or the service worker's Background Sync, whichever comes first: so the context's
    // requests, and only one that got through).
    const sent = context.waitForEvent(
      'requestfinished',
      (r) =>
        r.url().endsWith('/api/reader/events') &&
        r.postDataJSON()?.events.some((e: { kind: string; page?: number }) => e.kind === 'page_view' && e.page === 2),
    );
    await networkOn(context);
    await sent;

    await item.getByRole('button', { name: 'Remove' }).click();
    await expect(item).toHaveCount(0);
    await expect(page.getByTestId('limits')).toContainText('0 of 2 issues downloaded');
  });

  test('a download cut off by a lost connection pauses, then resumes where it stopped when the network is back', async ({
    page,
    context,
  }) => {
    await signedIn(page, { home: true });
    const { mid, pages } = await aTitle(page);
    const fetched: number[] = [];
    page.on('requestfinished', (r) => {
      const m = /\/pages\/(\d+)\/(small|large)\.webp/.exec(r.url());
      if (m) fetched.push(Number(m[1]));
    });
    // The connection drops once the first page is in.
    const afterFirstPage = /\/content\/reader\/\d+\/pages\/([2-9]|\d\d+)\//;
    await context.route(afterFirstPage, (route) => route.abort('internetdisconnected'));
    await download(page, mid);
    await expect(page.getByTestId('download-progress')).toContainText(`Paused at 1/${pages}: resumes when you are back online`);
    await page.getByTestId('download-progress').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'download-paused-360');

    await context.unroute(afterFirstPage);
    await page.waitForTimeout(2500); // the app starts watching the network 2 s after it loads
    await context.setOffline(true);
    await context.setOffline(false); // 'online'
    await expect(page.getByTestId('download-done')).toBeVisible({ timeout: 20_000 });
    expect(fetched.filter((n) => n === 1)).toHaveLength(1); // page 1 was not fetched again
    expect(new Set(fetched).size).toBe(pages);

    await page.getByTestId('download-done').click();
    await page.getByTestId('remove-all').click();
    await expect(page.getByTestId('downloaded-issue')).toHaveCount(0);
  });

  test('a full device stops a download with a clear message; it is not retried by itself', async ({ page }) => {
    await page.addInitScript(() => {
      Cache.prototype.put = () => Promise.reject(new DOMException('full', 'QuotaExceededError'));
    });
    await signedIn(page, { home: true });
    const { mid, pages } = await aTitle(page);
    let grants = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/reader/downloads')) grants++;
    });
    await download(page, mid);
    await expect(page.getByTestId('toast')).toHaveText(
      'Your device is out of storage space. Remove a download or free some space, then try again.',
    );
    const progress = page.getByTestId('download-progress');
    await expect(progress).toContainText(`Stopped at 0/${pages}: not enough storage space`);
    await expect(progress.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.locator('main')).not.toContainText(/offline|online/i);
    expect(grants).toBe(1);

    // Neither the network coming back nor a new start resumes it.
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await page.reload();
    await expect(progress).toContainText('not enough storage space');
    await page.waitForTimeout(3000); // the start's download check runs 2 s after load
    expect(grants).toBe(1);
    await expect(progress.getByRole('button', { name: 'Try again' })).toBeVisible();
    await page.goto('/dashboard/downloads');
    await expect(page.getByTestId('downloaded-issue')).toContainText('not enough storage space');
    // Removing it frees its place in the reader's limit (the next tests count on it).
    await page.getByTestId('downloaded-issue').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('no-downloads')).toBeVisible();
    await expect(page.getByTestId('limits')).toContainText('0 of 2 issues downloaded');
  });

  test('downloads leave the device when the server says access has ended', async ({ page, context }) => {
    await signedIn(page, { home: true });
    const { mid } = await aTitle(page);
    await download(page, mid);
    await expect(page.getByTestId('download-done')).toBeVisible({ timeout: 20_000 });
    await page.goto('/dashboard/downloads');
    await expect(page.getByTestId('downloaded-issue')).toHaveCount(1);

    // The subscription ends (the server's side of this is in tests/api/reader.test.ts): its
    // answer at the next check says so, and the app removes the downloads, here and there.
    const check = /\/api\/reader\/downloads\?/;
    await context.route(check, async (route) => {
      // (a check still running when the page reloads is dropped with it)
      const reply = await route
        .fetch()
        .then((r) => r.json())
        .catch(() => null);
      if (reply) await route.fulfill({ json: { ...reply, allowed: false, reason: 'subscription_expired' } }).catch(() => undefined);
    });
    const removed = page.waitForResponse((r) => r.url().endsWith('/api/reader/downloads/remove') && r.ok());
    await page.reload();
    await removed;
    await expect(page.getByTestId('no-downloads')).toBeVisible();
    await context.unroute(check);
    await page.reload();
    await expect(page.getByTestId('no-downloads')).toBeVisible();
    await expect(page.getByTestId('limits')).toContainText('0 of 2 issues downloaded');
  });

  test('the download limit: past it a clear message, and nothing stored', async ({ page }) => {
    await signedIn(page, { home: true });
    const mids = (await readableTitles(page, 3)).map((t) => t.mid);
    for (const mid of mids.slice(0, 2)) {
      await download(page, mid);
      await expect(page.getByTestId('download-done')).toBeVisible({ timeout: 20_000 });
    }
    await download(page, mids[2]);
    await expect(page.getByText('You can keep 2 issues downloaded at a time. Remove one to download another.')).toBeVisible();
    await expect(page.getByTestId('download')).toBeVisible();
    await page.goto('/dashboard/downloads');
    await expect(page.getByTestId('downloaded-issue')).toHaveCount(2);
    await page.getByTestId('remove-all').click();
    await expect(page.getByTestId('downloaded-issue')).toHaveCount(0);
  });
});

test.describe('tokens running out', () => {
  // A server of its own whose reader tokens last one minute (the shared one's last 30), and whose
  // clock the test moves on instead of waiting out the minute.
  test('a copied page URL stops working; a page asked for with a lapsed token is loaded again with a new one', async ({ browser }) => {
    test.setTimeout(240_000);
    const server = await startServer(
      PORT + 3,
      { DATA_DIR: `${process.env.LECTERN_E2E_DATA_DIR}-tokens`, DEMO_TITLES: '3', READER_TOKEN_MINUTES: '1' },
      undefined,
      { movableClock: true, pgliteTemplate: PGLITE_TEMPLATE },
    );
    const context = await browser.newContext({ baseURL: server.base, viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await signedIn(page);
      const reader = await openFromTitle(page, (await aTitle(page)).mid);
      await shownLoaded(reader);
      const shown = reader.locator('img.reader__page--shown');
      const first = (await shown.getAttribute('src'))!;
      const codeOf = (src: string) => new URL(src, server.base).searchParams.get('code');

      // The tab sleeps through its renewal (no token requests get out), and the minute passes.
      const renewal = '**/api/reader/token';
      let renewalAsked!: () => void;
      const slept = new Promise<void>((resolve) => (renewalAsked = resolve));
      await context.route(renewal, (route) => (renewalAsked(), route.abort('internetdisconnected')));
      await slept;
      server.minuteOn();
      // (polled: the signal reaches the server a moment after it is sent)
      await expect.poll(async () => (await context.request.get(first)).status()).toBe(403);
      const copied = await context.request.get(first);
      expect(copied.status()).toBe(403);
      expect((await copied.json()).error.code).toBe('token_expired');

      // Awake again: zooming asks for the large image with the lapsed token, is refused, renews
      // and loads it with the new one.
      await context.unroute(renewal);
      // (three steps: the page then takes more device pixels than the small image has)
      for (let i = 0; i < 3; i++) await reader.keyboard.press('+');
      await expect(shown).toHaveAttribute('src', /\/large\.webp/);
      await shownLoaded(reader);
      expect(codeOf((await shown.getAttribute('src'))!)).not.toBe(codeOf(first));
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
