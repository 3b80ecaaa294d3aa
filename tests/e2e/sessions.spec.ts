// A reader's sessions in My Account: signed in on a phone and a laptop, the phone lists both
// (this device marked) and signs the laptop out, which is signed out at its next step; the list in
// Hindi. And a guest's own credential: the key is an HttpOnly cookie for /api/guest only, so the
// same browser resumes its guest account after signing out. An expired student keeps their
// session and the device its data: Search and Account show the expired screen, nobody is signed
// out unasked.
import { expect, test, type Page } from '@playwright/test';
import { SignIn, screenshot } from './pages';

const READER = { email: 'reader@demo.edu', password: 'read2026' };
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** The sessions block of My Account at a phone's and a laptop's width. */
async function shootSessions(page: Page, name: string) {
  for (const width of [360, 1280]) {
    // Tall enough that the block is not scrolled under the sticky header (other tests' sessions of
    // the demo reader make the list long).
    await page.setViewportSize({ width, height: 3000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200); // layout settles
    await page.getByTestId('sessions').screenshot({ path: `test-results/screens/${name}-${width}.png` });
  }
}

test('the phone lists where the reader is signed in and signs the laptop out', async ({ browser, baseURL }) => {
  const phoneContext = await browser.newContext({ baseURL, userAgent: ANDROID, serviceWorkers: 'block' });
  const laptopContext = await browser.newContext({ baseURL, userAgent: WINDOWS, serviceWorkers: 'block' });
  const phone = await phoneContext.newPage();
  const laptop = await laptopContext.newPage();
  for (const page of [laptop, phone]) {
    await new SignIn(page).withPassword(READER.email, READER.password);
    await expect(page).toHaveURL(/\/$/);
  }
  await phone.goto('/dashboard/myAccount');
  const sessions = phone.getByTestId('sessions');
  await expect(sessions.getByRole('heading', { name: "Where you're signed in" })).toBeVisible();
  const mine = sessions.getByTestId('session').filter({ hasText: 'This device' });
  await expect(mine).toContainText('Chrome on Android');
  await expect(mine).toContainText('In use now');
  await expect(mine).toContainText('From network 127.0.0.x');
  const theirs = sessions.getByTestId('session').filter({ hasText: 'Edge on Windows' });
  await expect(theirs).toBeVisible();
  await shootSessions(phone, 'sessions-en');

  await theirs.getByRole('button', { name: 'Sign out Edge on Windows' }).click();
  await expect(phone.getByText('That device is signed out.')).toBeVisible();
  await expect(sessions.getByTestId('session').filter({ hasText: 'Edge on Windows' })).toHaveCount(0);

  // The laptop's next start finds its session ended: signed out there, and its account pages
  // send it to sign-in.
  await laptop.goto('/dashboard/myAccount');
  await expect.poll(() => new SignIn(laptop).cookie('isLoggedIn')).toBe('0');
  await expect(laptop.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await laptop.goto('/dashboard');
  await expect(laptop).toHaveURL(/\/login/);
  // The phone carries on.
  await phone.reload();
  await expect(phone.getByTestId('sessions').getByTestId('session')).not.toHaveCount(0);
  await phoneContext.close();
  await laptopContext.close();
});

test('the session list in Hindi', async ({ browser, baseURL }) => {
  // Two other devices, so that "all other devices" is offered.
  const contexts = await Promise.all(
    [WINDOWS, IPHONE, ANDROID].map((userAgent) => browser.newContext({ baseURL, userAgent, serviceWorkers: 'block' })),
  );
  const pages = await Promise.all(contexts.map((c) => c.newPage()));
  for (const p of pages) {
    await new SignIn(p).withPassword(READER.email, READER.password);
    await expect(p).toHaveURL(/\/$/);
  }
  const page = pages[2];
  await page.goto('/hi/dashboard/myAccount');
  const sessions = page.getByTestId('sessions');
  await expect(sessions.getByRole('heading', { name: 'आप कहाँ साइन इन हैं' })).toBeVisible();
  await expect(sessions.getByTestId('session').filter({ hasText: 'यह डिवाइस' })).toContainText('Android पर Chrome');
  await expect(sessions.getByRole('button', { name: 'Windows पर Edge को साइन आउट करें' }).first()).toBeVisible();
  await shootSessions(page, 'sessions-hi');
  await sessions.getByRole('button', { name: 'बाकी सभी डिवाइस साइन आउट करें' }).click();
  await expect(page.getByText('आपके बाकी सभी डिवाइस साइन आउट हो गए।')).toBeVisible();
  await expect(sessions.getByTestId('session')).toHaveCount(1);
  for (const c of contexts) await c.close();
});

test("a guest's key stays with the browser (HttpOnly, /api/guest only) and brings the same guest back after signing out", async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByTestId('continue-as-guest').click();
  await expect(page).toHaveURL(/\/validate-user\?type=1$/);
  const key = (await page.context().cookies()).find((c) => c.name === 'lectern-guest');
  expect(key).toMatchObject({ httpOnly: true, path: '/api/guest', sameSite: 'Strict' });
  // No script of the page can read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('lectern-guest');
  const uuid = await page.evaluate(() => JSON.parse(localStorage.getItem('userDetails')!).uuid);
  await page.getByLabel('Access code', { exact: true }).fill('read-demo-2026');
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Accepted: through whom and until when.
  await expect(page.getByTestId('toast')).toHaveText(/^Code accepted: access through .+ until \d{1,2} [A-Z][a-z]+ 20\d\d\.$/);

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\?from=guest$/);
  // Back as a guest: the same account, with the library its access code gave.
  await page.getByTestId('continue-as-guest').click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userDetails')!).uuid)).toBe(uuid);
  expect(await new SignIn(page).cookie('libraryId')).not.toBe('0');
});

/** What the device keeps in one store of its database (IndexedDB 'lectern'). */
const stored = (page: Page, store: string) =>
  page.evaluate(
    (store) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('lectern');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => {
            resolve(req.result);
            open.result.close();
          };
        };
      }),
    store,
  );

test.describe('an expired student on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

  test('Search and Account show the expired screen; the session, progress and favourites stay', async ({ page }) => {
    const signIn = new SignIn(page);
    await signIn.withPassword('reader@expired.edu', READER.password);
    await expect(page).toHaveURL(/\/validate-user\?type=2$/);
    await page.goto('/');
    // What this device holds for them: a page reached and a favourite.
    const uuid = await page.evaluate(() => JSON.parse(localStorage.getItem('userDetails')!).uuid as string);
    await page.evaluate(
      (user) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('lectern');
          open.onsuccess = () => {
            const tx = open.result.transaction(['progress', 'favourites'], 'readwrite');
            tx.objectStore('progress').put({ issueId: 1, page: 3, at: Date.now() });
            tx.objectStore('favourites').put({ user, mid: 1, on: true, card: { mid: 1 }, at: Date.now() });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      uuid,
    );
    const expiredScreen = async () => {
      await expect(page).toHaveURL(/\/validate-user\?type=2$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Your Lectern subscription has expired');
      await expect(page.getByTestId('different-account')).toBeVisible();
    };
    await page.getByTestId('tab-search').click();
    await expiredScreen();
    await screenshot(page, 'expired-kept-360');
    await page.getByTestId('tab-home').click();
    await page.getByTestId('tab-account').click();
    await expiredScreen();
    await page.reload();
    await expiredScreen();
    // Still signed in: the cookie, the token, the profile button; the device's data is theirs still.
    expect(await signIn.cookie('isLoggedIn')).toBe('1');
    expect(await signIn.storage('userToken')).toBeTruthy();
    await expect(page.getByTestId('profile-button')).not.toHaveAccessibleName('Sign in');
    expect(await stored(page, 'progress')).toEqual([expect.objectContaining({ issueId: 1, page: 3 })]);
    expect(await stored(page, 'favourites')).toEqual([expect.objectContaining({ user: uuid, mid: 1 })]);
  });
});
