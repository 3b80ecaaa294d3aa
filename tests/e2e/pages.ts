// Page models for the screens the end-to-end tests drive.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { COOKIE, LOCAL, STORAGE } from '../../src/shared/storage-names';
import { TAKEN_OVER } from '../../src/app/lib/after-start';

/** The run's server (playwright.config.ts: E2E_PORT, default 4173; the OpenID provider on the next port). */
export const PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE = `http://127.0.0.1:${PORT}`;
/** The run's migrated PGlite database, for servers a test starts of its own (playwright.config.ts). */
export const PGLITE_TEMPLATE = process.env.LECTERN_E2E_PGLITE_TEMPLATE;

/** Waits until the app has taken over the page (main.tsx marks it): a screen the server drew shows
 * before then, and a click on it until then is the browser's own, with nothing of the app's. */
export async function tookOver(page: Page) {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, TAKEN_OVER);
}

export class HomePage {
  constructor(readonly page: Page) {}
  async open(path = '/') {
    await this.page.goto(path);
    await expect(this.page.getByTestId('magazine-card').first()).toBeVisible();
    // The first load draws two shelves first and then the rest one by one (HomePage.tsx): the
    // demo's last is its cover stories.
    await expect(this.page.getByTestId('section-coverStories')).toBeAttached();
  }
  section(id: string) {
    return this.page.getByTestId(`section-${id}`);
  }
  cards(id: string) {
    return this.section(id).getByTestId('magazine-card');
  }
}

export class SideMenu {
  constructor(readonly page: Page) {}
  dialog() {
    return this.page.getByRole('dialog');
  }
  /** (on a page the server drew, the button answers once the app has taken the page over) */
  async open() {
    await expect(async () => {
      await this.page.getByTestId('open-menu').click();
      await expect(this.dialog()).toBeVisible({ timeout: 1000 });
    }).toPass();
  }
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });
}

/** The sign-in screens. */
export class SignIn {
  constructor(readonly page: Page) {}
  async requestCode(email: string, path = '/login') {
    await this.page.goto(path);
    await this.page.getByLabel('Institution e-mail address').fill(email);
    await this.page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(this.page).toHaveURL(/\/login\/verify\/emailotp$/);
  }
  async enterCode(code: string) {
    await this.page.getByLabel('OTP', { exact: true }).fill(code);
    await this.page.getByRole('button', { name: 'Verify' }).click();
  }
  async withPassword(email: string, password: string) {
    await this.page.goto('/login/verify/password');
    await this.page.getByLabel('Institution e-mail address').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.locator('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  async cookie(name: string) {
    return (await this.page.context().cookies()).find((c) => c.name === name)?.value;
  }
  storage(key: string) {
    return this.page.evaluate((k) => localStorage.getItem(k), key);
  }
}

/** A password sign-in through the API on this page's browser, with its XSRF cookie (the page must
 * have loaded something of the site); the answer, and the cookie's value for later calls. */
async function passwordLogin(page: Page, email: string, password: string) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === COOKIE.xsrf)!.value;
  const reply = await page.request.post('/api/login/password', {
    data: { channel: 'email', email, password },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  return { reply, xsrf };
}

type DeviceState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** What the sign-in screen left on a device, per account, with the login answer it stored. */
const signedInStates = new Map<string, { answer: string; state: DeviceState }>();

/** Signs a reader in on this page's browser as the sign-in screen would, with a session of their
 * own, without going through the screen (about 0.5 s instead of 2.5 s at each test's start): the
 * cookies and storage the screen left for this account (SignIn.withPassword) with its token
 * swapped for a new one from /api/login/password. The screen's state is taken again whenever the
 * account's login answer has changed since (a test extended its access, say). For tests whose
 * subject is not signing in. Leaves the page on home, or with `home: false` on a file of the
 * site, for the test to go on from. */
export async function signInQuickly(page: Page, email: string, password: string, { home = true } = {}) {
  await page.goto('/robots.txt');
  const context = page.context();
  const { reply } = await passwordLogin(page, email, password);
  expect(reply.status(), email).toBe(200);
  const { jwtoken, ...details } = await reply.json();
  const answer = JSON.stringify(details);
  if (signedInStates.get(email)?.answer !== answer) {
    const screenContext = await context.browser()!.newContext({ baseURL: BASE });
    const screen = await screenContext.newPage();
    await new SignIn(screen).withPassword(email, password);
    await expect(screen).not.toHaveURL(/\/login/);
    signedInStates.set(email, { answer, state: await screenContext.storageState() });
    await screenContext.close();
  }
  const { state } = signedInStates.get(email)!;
  // The session's cookies and keys (spec §3) and the first visit, not the server's own cookies nor
  // what the app keeps for the device (its id, the last session's saved answers).
  const cookies = state.cookies.filter((c) => c.name !== COOKIE.xsrf && !c.httpOnly);
  await context.addCookies(cookies.map((c) => (c.name === COOKIE.authToken ? { ...c, value: jwtoken } : c)));
  const keys: string[] = [...Object.values(STORAGE), LOCAL.visited];
  const stored = state.origins.find((o) => o.origin === BASE)!.localStorage.filter((e) => keys.includes(e.name));
  await page.evaluate(({ stored, key, token }) => stored.forEach((e) => localStorage.setItem(e.name, e.name === key ? token : e.value)), {
    stored,
    key: STORAGE.userToken,
    token: jwtoken as string,
  });
  if (home) {
    await page.goto('/');
    await expect(page.getByTestId('magazine-card').first()).toBeVisible();
  }
}

/** The Smart Reading Zone screen (/reading-zone) and its settings block. */
export class ZoneScreen {
  constructor(readonly page: Page) {}
  async open(path = '/reading-zone') {
    await this.page.goto(path);
    await expect(this.page.getByTestId('zone-screen')).toBeVisible();
  }
  pass() {
    return this.page.getByTestId('zone-pass');
  }
  location() {
    return this.page.getByTestId('zone-location');
  }
  notifications() {
    return this.page.getByTestId('zone-notifications');
  }
  zones() {
    return this.page.getByTestId('zone-item');
  }
  banner() {
    return this.page.getByTestId('zone-banner');
  }
  /** Location on: the explanation first, then the browser (whose answer the test decided). */
  async shareLocation() {
    await this.location().getByRole('button', { name: 'Share my location' }).click();
    await expect(this.page.getByTestId('zone-explain')).toContainText('only while the app is open');
    await this.location().getByRole('button', { name: 'Continue' }).click();
  }
}

/** Screenshots at the two widths the app is checked at: a phone (360×740) and a laptop (1280×800);
 * the whole page unless `fullPage` is false. */
export async function screenshotBoth(page: Page, name: string, { fullPage = true } = {}) {
  const size = page.viewportSize();
  for (const [w, h] of [
    [360, 740],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    // From the top (a whole-page shot of a scrolled page draws the sticky header mid-page).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(100); // layout settles
    await page.screenshot({ path: `test-results/screens/${name}-${w}.png`, fullPage });
  }
  if (size) await page.setViewportSize(size);
}

/** The device now holds the credentials of Old Town College's reader, whose access ended, as
 * when a subscription lapses between two visits (the page keeps its signed-in look). */
export async function holdExpiredReader(page: Page, password: string) {
  const expired = await (await passwordLogin(page, 'reader@expired.edu', password)).reply.json();
  await page.evaluate(
    ({ token, uid }) => {
      localStorage.setItem('userToken', token);
      localStorage.setItem('userDetails', JSON.stringify({ ...JSON.parse(localStorage.getItem('userDetails') ?? '{}'), uid }));
    },
    { token: expired.jwtoken, uid: expired.uid },
  );
}

/** Demo University's librarian signed in through the API, as headers for the console's calls. */
export async function librarianAuth(page: Page, password: string) {
  await page.goto('/');
  const { reply, xsrf } = await passwordLogin(page, 'librarian@demo.edu', password);
  const librarian = await reply.json();
  return { Authorization: librarian.jwtoken as string, 'X-XSRF-TOKEN': xsrf };
}

/** The page this device keeps for an issue (the reader's IndexedDB 'progress'), or null. */
export function deviceProgress(page: Page, issueId: number) {
  return page.evaluate(
    (id) =>
      new Promise<number | null>((resolve) => {
        const open = indexedDB.open('lectern');
        open.onsuccess = () => {
          const get = open.result.transaction('progress').objectStore('progress').get(id);
          get.onsuccess = () => {
            resolve(get.result?.page ?? null);
            open.result.close();
          };
        };
      }),
    issueId,
  );
}

/** Gives back this device's downloads on the server: later tests count on the reader's download limit. */
export async function releaseDownloads(page: Page) {
  await page
    .evaluate(async () => {
      const deviceId = localStorage.getItem('lecternDeviceId');
      const token = localStorage.getItem('userToken');
      const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1];
      if (!deviceId || !token || !xsrf) return;
      await fetch('/api/reader/downloads/remove', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: token, 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
        body: JSON.stringify({ deviceId }),
      });
    })
    .catch(() => undefined);
}
