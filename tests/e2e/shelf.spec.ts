// The student's daily path: "Continue reading" on home after reading a page (and another device's
// page; finished issues leave it), My Shelf (an empty one leads to browsing),
// the phone's tab bar, covers offered by width with a real `sizes`, and the title page's date
// and archive.
import { expect, test, type Page } from '@playwright/test';
import { SignIn, signInQuickly, deviceProgress, screenshot, screenshotBoth } from './pages';
import { codeFor } from './outbox';
import { COVER_SIZES } from '../../src/shared/covers';

const DEMO = { email: 'reader@demo.edu', password: 'read2026' };

/** The demo reader signed in (sign-in itself is tested in accounts.spec.ts); on home where the test
 * needs the app running first, else ready for the test's first page. */
async function signedIn(page: Page, { home = false } = {}) {
  await signInQuickly(page, DEMO.email, DEMO.password, { home });
}

/** A magazine readable at Demo University (not country-blocked) with three pages or more. */
async function readableTitle(page: Page): Promise<{ mid: number; name: string; issueId: number; pages: number }> {
  const list = await (await page.request.get('/content/magazine-filter?categoryID=BS&age_rate=5')).json();
  for (const m of list.magazineList) {
    if (m.type !== 'magazine') continue;
    const meta = await (await page.request.get(`/content/magMeta?mid=${m.mid}`)).json();
    const issue = (await (await page.request.get(`/content/getIssueDetails?issid=${m.issueId}`)).json()).issue;
    if (!meta.blockedCountries.length && issue.pages >= 3) return { mid: m.mid, name: m.name, issueId: m.issueId, pages: issue.pages };
  }
  throw new Error('no readable magazine');
}

/** Makes the title a favourite on the server as the app would (addmy_fav with the reader's token
 * and XSRF header): the favourites screens then show it from the server's list. */
async function keepFavourite(page: Page, mid: number) {
  const status = await page.evaluate(async (mid) => {
    const user = JSON.parse(localStorage.getItem('userDetails')!);
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
    const res = await fetch('/content/addmy_fav', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: localStorage.getItem('userToken')!, 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({ uid: user.uid, mid, os: 'web' }),
    });
    return (await res.json()).status;
  }, mid);
  expect(status).toBe('success');
}

/** Opens the title's latest issue in the reader (a new tab) and turns to page 2. */
async function readPageTwo(page: Page, { mid, issueId, pages }: { mid: number; issueId: number; pages: number }) {
  await page.goto(`/magazine/${mid}`);
  const [reader] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('read-now').click()]);
  await expect(reader.locator('img.reader__page--shown').first()).toBeVisible();
  // (The reader's position line is not asserted: on main it shows its key, the reader's texts
  // being in the screens' table it does not load; the address says the page.)
  await reader.keyboard.press('Home');
  await expect(reader).toHaveURL(/#page\/1$/);
  await reader.keyboard.press('ArrowRight');
  await expect(reader).toHaveURL(/#page\/2$/);
  expect(pages).toBeGreaterThanOrEqual(3);
  // The reader keeps the page on the device (IndexedDB 'progress') before the tab may close.
  await expect.poll(() => deviceProgress(reader, issueId)).toBe(2);
  return reader;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

  test('a page read shows first on home with its page, and opens the reader there again', async ({ page }) => {
    await signedIn(page);
    const title = await readableTitle(page);
    const reader = await readPageTwo(page, title);
    await reader.close();

    await page.goto('/');
    const shelf = page.getByTestId('section-continueReading');
    await expect(shelf).toBeVisible();
    const tile = shelf.getByTestId('continue-tile').first();
    await expect(tile).toContainText(title.name);
    await expect(tile.getByTestId('continue-page')).toHaveText(`p. 2 of ${title.pages}`);
    // First on home: above the quick-category shelves.
    const shelfTop = (await shelf.boundingBox())!.y;
    expect(shelfTop).toBeLessThan((await page.getByTestId('section-mostPopular').boundingBox())!.y);
    await screenshot(page, 'shelf-home-360');

    const [again] = await Promise.all([page.context().waitForEvent('page'), tile.click()]);
    await expect(again).toHaveURL(new RegExp(`/reader/${title.issueId}\\?edz=1#page/2$`));
    await expect(again.locator('img.reader__page--shown').first()).toHaveAttribute('data-page', '2');
    await again.close();

    // In Hindi too.
    await page.goto('/hi/');
    await expect(page.getByTestId('section-continueReading').getByTestId('continue-page').first()).toHaveText(`${title.pages} में से पृ. 2`);
  });

  test('Continue follows another device, a finished issue leaves it, and an empty shelf leads to browsing', async ({ page }) => {
    test.setTimeout(120_000); // a sign-up, two devices, five screens
    // A new student (nothing read yet), signing up by a code.
    const email = `shelf.${Date.now()}@demo.edu`;
    const password = 'shelf reads 2026';
    const signIn = new SignIn(page);
    await signIn.requestCode(email);
    await signIn.enterCode(await codeFor(email));
    await expect(page).toHaveURL(/\/update\/fullName$/);
    await page.getByLabel('Full Name').fill('Asha Rao');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'START READING' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/shelf');
    const browse = page.getByTestId('shelf-continue-browse');
    await expect(browse).toHaveText('Browse titles to start one');
    await screenshot(page, 'shelf-empty-360');
    await browse.click();
    await expect(page).toHaveURL(/\/magazines\/BS\/en$/);

    // Their other device (a laptop) reads page 2 (of three or more), then to the end.
    const title = await readableTitle(page);
    const xsrf = (await signIn.cookie('XSRF-TOKEN'))!;
    const laptop = await (
      await page.request.post('/api/login/password', { data: { channel: 'email', email, password }, headers: { 'X-XSRF-TOKEN': xsrf } })
    ).json();
    const readOnLaptop = async (pageNo: number) =>
      expect(
        (
          await page.request.post('/api/reader/progress', {
            data: { issueId: title.issueId, page: pageNo, at: Date.now() },
            headers: { Authorization: laptop.jwtoken, 'X-XSRF-TOKEN': xsrf, 'Idempotency-Key': crypto.randomUUID() },
          })
        ).status(),
      ).toBe(200);
    await readOnLaptop(2);
    await page.goto(`/magazine/${title.mid}`);
    await expect(page.getByTestId('read-now')).toHaveText('Continue (p. 2)');
    await page.goto('/');
    await expect(page.getByTestId('section-continueReading').getByTestId('continue-page')).toHaveText(`p. 2 of ${title.pages}`);

    await readOnLaptop(title.pages);
    await page.goto(`/magazine/${title.mid}`);
    await expect(page.getByTestId('read-now')).toHaveText('Read Now');
    await page.goto('/shelf');
    await expect(page.getByTestId('shelf-continue-browse')).toBeVisible();
    await expect(page.getByTestId('shelf-continue').getByTestId('continue-tile')).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByTestId('magazine-card').first()).toBeVisible();
    await expect(page.getByTestId('section-continueReading')).toHaveCount(0);
  });

  test('the tab bar: five tabs of 44 px or more, the current one marked, My Shelf and Account', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByTestId('tab-bar');
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link')).toHaveText(['Home', 'Browse', 'Search', 'My Shelf', 'Account']);
    for (const box of await bar.getByRole('link').evaluateAll((links) => links.map((l) => l.getBoundingClientRect())))
      expect(box.height).toBeGreaterThanOrEqual(44);
    // It stays at the bottom of the screen while the page scrolls.
    await page.mouse.wheel(0, 1500);
    expect((await bar.boundingBox())!.y + (await bar.boundingBox())!.height).toBeCloseTo(740, 0);
    await expect(page.getByTestId('tab-home')).toHaveAttribute('aria-current', 'page');
    await page.getByTestId('tab-browse').click();
    await expect(page).toHaveURL(/\/magazines\/BS\/en$/);
    await expect(page.getByTestId('tab-browse')).toHaveAttribute('aria-current', 'page');
    // Signed out, My Shelf and Account ask to sign in.
    await page.getByTestId('tab-shelf').click();
    await expect(page).toHaveURL(/\/login$/);

    await signedIn(page, { home: true });
    await page.getByTestId('tab-shelf').click();
    await expect(page).toHaveURL(/\/shelf$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Shelf');
    await page.getByTestId('tab-account').click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/hi/');
    await expect(page.getByTestId('tab-bar').getByRole('link')).toHaveText(['होम', 'ब्राउज़ करें', 'खोजें', 'मेरी शेल्फ़', 'खाता']);
    await screenshot(page, 'shelf-tabbar-hi-360');
    // In Hindi, Browse lists the Hindi titles, and languages are named in their own script.
    await page.getByTestId('tab-browse').click();
    await expect(page).toHaveURL(/\/hi\/magazines\/BS\/hi$/);
    await expect(page.getByTestId('listing-title')).toContainText('हिन्दी');
    await expect(page.getByTestId('language-picker').locator('option[value="en"]')).toHaveText('English');
  });
});

test.describe('the account area on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

  test('favourites two a row, the current tab in view, passwords shown and hidden', async ({ page }) => {
    await signedIn(page);
    const title = await readableTitle(page);
    await keepFavourite(page, title.mid);

    await page.goto('/dashboard/myFavorites');
    const grid = page.getByTestId('favourites-grid');
    await expect(grid.getByTestId('magazine-card').first()).toBeVisible();
    expect(await grid.evaluate((g) => getComputedStyle(g).gridTemplateColumns.split(' ').length)).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'shelf-favourites-360');

    // The last tab of the row: scrolled into view.
    await page.goto('/dashboard/downloads');
    const nav = page.getByRole('navigation', { name: 'Account' });
    const active = nav.locator('[aria-current="page"]');
    await expect(active).toHaveText('Downloads');
    await expect
      .poll(async () => {
        const [n, a] = [(await nav.boundingBox())!, (await active.boundingBox())!];
        return a.x >= n.x && a.x + a.width <= n.x + n.width;
      })
      .toBe(true);

    await page.goto('/dashboard/manage-password');
    const field = page.getByLabel('New password', { exact: true });
    await expect(field).toHaveAttribute('type', 'password');
    const toggle = page.locator('.field').filter({ has: field }).getByTestId('password-toggle');
    await expect(toggle).toHaveText('Show');
    expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await toggle.click();
    await expect(field).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(field).toHaveAttribute('type', 'password');
  });
});

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });

  test('My Shelf: continue reading with the page, favourites, downloads; in the menus; no tab bar', async ({ page }) => {
    await signedIn(page);
    const title = await readableTitle(page);
    const reader = await readPageTwo(page, title);
    await reader.close();
    // A favourite to show (kept if an earlier run added it).
    await keepFavourite(page, title.mid);

    // From the profile menu.
    await page.getByRole('button', { name: 'Profile' }).click();
    await expect(page.getByTestId('profile-menu').getByRole('link', { name: 'Downloads' })).toHaveAttribute('href', '/dashboard/downloads');
    await page.getByTestId('profile-menu').getByRole('link', { name: 'My Shelf' }).click();
    await expect(page).toHaveURL(/\/shelf$/);
    await expect(page.getByTestId('tab-bar')).toHaveCount(0);

    const continuing = page.getByTestId('shelf-continue').getByTestId('continue-tile').first();
    await expect(continuing).toContainText(title.name);
    await expect(continuing.getByTestId('continue-page')).toHaveText(`p. 2 of ${title.pages}`);
    await expect(page.getByTestId('shelf-favourites').getByTestId('magazine-card').filter({ hasText: title.name })).toBeVisible();
    await expect(page.getByTestId('shelf-downloads')).toContainText('Downloads');
    await screenshotBoth(page, 'shelf-page');

    // The side menu has them too.
    await page.getByTestId('open-menu').click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'My Shelf' })).toHaveAttribute('href', '/shelf');
    await expect(menu.getByRole('link', { name: 'Downloads' })).toHaveAttribute('href', '/dashboard/downloads');
  });
});

/** What the browser chose for each cover image: its srcset, sizes, the width of the file it took
 * (its `w` in the srcset: naturalWidth is scaled by the density it implies) and laid-out width. */
const coversIn = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((imgs) =>
    (imgs as HTMLImageElement[])
      .filter((i) => i.complete && i.currentSrc)
      .map((i) => ({
        srcset: i.srcset,
        sizes: i.sizes,
        natural: Number(
          i.srcset
            .split(', ')
            .map((part) => part.split(' '))
            .find(([url]) => i.currentSrc.endsWith(url))?.[1]
            .replace('w', ''),
        ),
        shown: i.getBoundingClientRect().width,
      })),
  );

for (const { width, height, dpr, expected } of [
  { width: 1280, height: 800, dpr: 1, expected: 300 },
  { width: 360, height: 740, dpr: 3, expected: 450 },
]) {
  test.describe(`covers at ${width} px, density ${dpr}`, () => {
    test.use({ viewport: { width, height }, deviceScaleFactor: dpr, serviceWorkers: 'block' });

    test('each cover is offered by width with the sizes of its place, and is never shown larger than its file', async ({ page }) => {
      await page.goto('/');
      const shelf = page.getByTestId('section-mostPopular').locator('img').first();
      await expect(shelf).toBeVisible();
      await expect.poll(() => shelf.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).currentSrc)).toBeTruthy();
      const [first] = await coversIn(page, '[data-testid="section-mostPopular"] img');
      expect(first.srcset).toMatch(/^\S+ 150w, \S+ 300w, \S+ 450w$/);
      expect(first.sizes).toBe(COVER_SIZES.shelf);
      // The file the browser picked covers the laid-out size at this density: 158 px at 1x takes
      // the 300 px file; 138 px at 3x (414 device pixels) the 450 px one.
      expect(first.natural).toBe(expected);

      // The title page's cover: its own sizes, and not stretched beyond its file on a laptop.
      await page.getByTestId('section-mostPopular').getByTestId('magazine-card').first().click();
      const hero = page.locator('.title-hero__cover img');
      await expect(hero).toBeVisible();
      await expect.poll(() => hero.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).currentSrc)).toBeTruthy();
      const [cover] = await coversIn(page, '.title-hero__cover img');
      expect(cover.sizes).toBe(COVER_SIZES.title);
      expect(cover.srcset).toContain('450w');
      if (dpr === 1) expect(cover.natural).toBeGreaterThanOrEqual(cover.shown);
      else expect(cover.natural).toBe(450);
      // The listing grid's covers say theirs.
      await page.goto('/magazines/BS/en');
      await expect(page.getByTestId('magazine-card').first()).toBeVisible();
      expect((await coversIn(page, '[data-testid="magazine-card"] img'))[0].sizes).toBe(COVER_SIZES.grid);
    });
  });
}

test.describe('title page and home', () => {
  test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });

  test('the issue date shows once; All issues shows the archive by year; the date-range filter stays', async ({ page }) => {
    const { mid } = await readableTitle(page);
    await page.goto(`/magazine/${mid}`);
    const current = page.getByTestId('current-issue');
    await expect(current).toBeVisible();
    const year = (await current.textContent())!.match(/\d{4}/)![0];
    expect((await current.textContent())!.split(year).length - 1).toBe(1);
    const archive = page.getByTestId('issue-archive');
    await expect(archive.getByRole('heading', { level: 3 }).first()).toHaveText(/^\d{4}$/);
    expect(await archive.getByTestId('issue-card').count()).toBeGreaterThan(0);
    // The issue tiles' Read buttons are 44 px touch targets.
    for (const box of await page.getByTestId('issue-read').evaluateAll((b) => b.map((e) => e.getBoundingClientRect())))
      expect(box.height).toBeGreaterThanOrEqual(44);
    await screenshotBoth(page, 'shelf-title');
    await page.getByTestId('filter-issues').click();
    await expect(page.getByLabel('From: Choose Date')).toBeVisible();
  });

  test('home: 44 px View All and footer links, category tiles unlike covers, Top Free explained; one-line intro on a phone', async ({
    page,
  }) => {
    await page.goto('/');
    const viewAll = page.getByTestId('section-mostPopular').getByRole('link', { name: 'View All' });
    expect((await viewAll.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    for (const h of await page.locator('.site-footer__links a').evaluateAll((a) => a.map((l) => l.getBoundingClientRect().height)))
      expect(h).toBeGreaterThanOrEqual(44);
    await expect(page.getByTestId('section-topFree')).toContainText('Free to read for everyone');
    const tile = (await page.getByTestId('category-tile').first().boundingBox())!;
    expect(tile.width).toBeGreaterThan(tile.height);
    await screenshot(page, 'shelf-home-1280');
    await page.getByTestId('section-popularCategories').scrollIntoViewIfNeeded();
    await screenshot(page, 'shelf-categories-1280');

    await page.setViewportSize({ width: 360, height: 740 });
    // One line of title, and the claims under it on one line of their own.
    expect((await page.locator('.home__intro .home__title').boundingBox())!.height).toBeLessThan(50);
    expect((await page.locator('.home__intro .claims').boundingBox())!.height).toBeLessThan(24);
    // Two shelves start above the fold.
    expect((await page.getByTestId('section-featured').boundingBox())!.y).toBeLessThan(740);
    await page.goto('/hi/');
    await expect(page.getByTestId('section-topFree')).toContainText('मुफ़्त');
    await expect(page.getByTestId('tab-bar')).toBeVisible();
    await screenshot(page, 'shelf-home-hi-360');
  });
});
