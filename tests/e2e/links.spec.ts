// Links: the app-link files and the store links on /appdownload, title URLs with the
// name (the old ones sent on to them), /article/details by name, and a title view counted for a
// signed-in reader. Also the story tools where the browser cannot, and the discover tile page.
import { expect, test } from '@playwright/test';
import { screenshotBoth, SideMenu, SignIn, signInQuickly } from './pages';

test.use({ serviceWorkers: 'block' });

test('the app-link files and the store links on /appdownload, in English and Hindi', async ({ page, request }) => {
  const android = await request.get('/.well-known/assetlinks.json');
  expect(android.headers()['content-type']).toMatch(/^application\/json/);
  expect((await android.json())[0].target.package_name).toBe('app.lectern.demo');
  const ios = await request.get('/.well-known/apple-app-site-association');
  expect((await ios.json()).applinks.details[0].appIDs).toEqual(['ABCDE12345.app.lectern.demo']);

  await page.goto('/appdownload');
  const stores = page.getByTestId('store-links');
  await expect(stores.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
    'href',
    'https://play.google.com/store/apps/details?id=app.lectern.demo',
  );
  await expect(stores.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
    'href',
    'https://apps.apple.com/app/id1234567890',
  );
  await screenshotBoth(page, 'appdownload-stores-en');
  await page.goto('/hi/appdownload');
  await expect(page.getByTestId('store-links').getByRole('heading')).toHaveText('ऐप स्टोर से');
  await expect(page.getByTestId('store-android')).toHaveText('Google Play पर पाएँ');
  await screenshotBoth(page, 'appdownload-stores-hi');
});

test('title URLs carry the name; an old URL is sent on to it with its issue, query and language', async ({ page, request }) => {
  const list = (await (await request.get('/content/magazine-filter?categoryID=BS&lang=hi')).json()).magazineList;
  const hindi = list.find((m: { lang: string }) => m.lang === 'hi') ?? list[0];
  expect(hindi.browserLinkUrl).toMatch(new RegExp(`^/magazine/${hindi.mid}-`));
  const issues = (await (await request.get(`/content/getIssuesByMag?mid=${hindi.mid}`)).json()).edt_details;
  const older = issues.at(-1);

  await page.goto(`/magazine/${hindi.mid}/${older.issueId}?from=mail#top`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hindi.name);
  await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(`${hindi.browserLinkUrl}/${older.issueId}`);
  const url = new URL(page.url());
  expect(decodeURIComponent(url.pathname)).toBe(`${hindi.browserLinkUrl}/${older.issueId}`);
  expect(url.search).toBe('?from=mail');
  expect(url.hash).toBe('#top');
  await expect(page.getByTestId('current-issue')).toContainText(older.issueName);

  // In Hindi, and from a wrong name: the title's own address, once (no loop).
  await page.goto(`/hi/magazine/${hindi.mid}-old-name`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hindi.name);
  // (the address is replaced once the title's answer names it: the heading may show a moment before)
  await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(`/hi${hindi.browserLinkUrl}`);
  // The issue cards link below the title's address.
  const card = page.getByTestId('issue-card').first();
  expect(decodeURIComponent((await card.getAttribute('href'))!)).toMatch(new RegExp(`^/hi${hindi.browserLinkUrl}/\\d+$`));
  await screenshotBoth(page, 'title-slug-hi', { fullPage: false });
  await page.goto(`/magazine/${hindi.mid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hindi.name);
  await screenshotBoth(page, 'title-slug-en', { fullPage: false });
  // Not a title id at all: not found.
  await page.goto('/magazine/0-nothing');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('/article/details finds an old link by its name, and names the article while it loads', async ({ page, request }) => {
  const story = (await (await request.get('/content/stories?category=Cover-Stories')).json()).items[0];
  const params = new URLSearchParams({
    category: 'Cover-Stories',
    magazineName: story.magName,
    articleName: story.title,
    articleUrl: 'an-old-url-that-moved',
  });
  await page.goto(`/article/details?${params}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(story.title);
  await expect(page.getByTestId('story')).toBeVisible();
  await page.goto(`/hi/article/details?${params}`);
  await expect(page.getByTestId('story')).toBeVisible();
  await screenshotBoth(page, 'article-details-hi', { fullPage: false });
});

test("a signed-in reader's title view and story read are sent for the reports; the refresh carries the spec's parameters", async ({
  page,
  request,
}) => {
  const refresh = page.waitForRequest((r) => r.url().endsWith('/api/user/details'));
  await new SignIn(page).withPassword('reader@demo.edu', 'read2026');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.reload();
  const body = (await refresh).postDataJSON();
  expect(body).toMatchObject({ os: 'web', language_code: 'en', ctp: 'password' });
  expect(body.udid).toMatch(/^[0-9a-f-]{36}$/);
  expect(Object.keys(body).sort()).toEqual(['appver', 'ctp', 'device', 'language_code', 'os', 'udid', 'uid']);

  const card = (await (await request.get('/content/magazine-filter?categoryID=BS')).json()).magazineList[0];
  const view = page.waitForRequest((r) => r.url().endsWith('/api/events/view'));
  await page.goto(card.browserLinkUrl);
  expect((await view).postDataJSON()).toEqual({ kind: 'title_view', mid: card.mid });
  const story = (await (await request.get('/content/stories?category=Cover-Stories')).json()).items[0];
  const read = page.waitForRequest((r) => r.url().endsWith('/api/events/view'));
  await page.goto(story.browserLinkUrl);
  expect((await read).postDataJSON()).toEqual({ kind: 'story_read', url: story.browserLinkUrl.slice('/stories/'.length) });
});

test("the side menu's links in the spec's order; Provide Feedback in the dashboard's menu, in English and Hindi", async ({ page }) => {
  await page.goto('/');
  const menu = new SideMenu(page);
  await menu.open();
  const names = await menu.dialog().locator('.side-menu__links a').allInnerTexts();
  expect(names.slice(0, 5)).toEqual(['Home', 'Magazines', 'Stories', 'Newspapers', 'Journals']);
  await page.keyboard.press('Escape');

  await new SignIn(page).withPassword('reader@demo.edu', 'read2026');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto('/dashboard');
  await expect(page.getByTestId('feedback')).toHaveAttribute(
    'href',
    `mailto:support@lectern.app?subject=${encodeURIComponent('Feedback on Lectern')}`,
  );
  await expect(page.getByTestId('feedback')).toContainText('Provide Feedback');
  await screenshotBoth(page, 'dashboard-feedback-en', { fullPage: false });
  await page.goto('/hi/dashboard');
  await expect(page.getByTestId('feedback')).toContainText('प्रतिक्रिया दें');
  await screenshotBoth(page, 'dashboard-feedback-hi', { fullPage: false });
});

test('Listen and Translate say why this browser cannot, instead of hiding', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Headless Chromium has no voices; a browser without the on-device translator is one with no
  // Translator object (this Chromium may name one whose models never arrive here).
  await page.addInitScript(() => delete (globalThis as { Translator?: unknown }).Translator);
  const latest = (await (await request.get('/content/stories?category=Latest')).json()).items;
  const cover = (await (await request.get('/content/stories?category=Cover-Stories')).json()).items;
  let hindi: string | undefined;
  for (const s of [...cover, ...latest]) {
    const url = s.browserLinkUrl.slice('/stories/'.length);
    if ((await (await request.get(`/content/story?url=${url}`)).json()).lang === 'hi') hindi = s.browserLinkUrl;
    if (hindi) break;
  }
  expect(hindi, 'the demo library has a Hindi story').toBeDefined();
  await page.goto(hindi!);
  await expect(page.getByTestId('listen')).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('listen').click({ force: true }); // aria-disabled: still pressable, to hear why
  await expect(page.getByTestId('tool-why')).toHaveText('This device has no voice for Hindi, so it cannot read this story aloud.');
  // Translate offers the text to a service the reader picks, or copies it: not a dead button.
  await page.getByTestId('translate').click();
  await expect(page.getByTestId('translate')).toHaveAttribute('aria-expanded', 'true');
  const elsewhere = page.getByTestId('translate-elsewhere');
  await expect(elsewhere).toContainText('This browser has no on-device translator.');
  const google = new URL((await elsewhere.getByRole('link', { name: 'Google Translate' }).getAttribute('href'))!);
  expect(google.origin).toBe('https://translate.google.com');
  expect(google.searchParams.get('sl')).toBe('hi');
  expect(google.searchParams.get('tl')).toBe('en');
  const title = await page.getByRole('heading', { level: 1 }).innerText();
  expect(google.searchParams.get('text')).toContain(title);
  await expect(elsewhere.getByRole('link', { name: 'Microsoft Translator' })).toHaveAttribute('target', '_blank');
  await expect(elsewhere.getByTestId('copy-text')).toBeVisible();
  await screenshotBoth(page, 'story-tools-why-en');
  await page.goto(`/hi${hindi}`);
  await page.getByTestId('listen').click({ force: true });
  await expect(page.getByTestId('tool-why')).toContainText('हिन्दी');
  // A Hindi story on the Hindi page has nothing to translate: no button.
  await expect(page.getByTestId('translate')).toHaveCount(0);
  await screenshotBoth(page, 'story-tools-why-hi', { fullPage: false });
});

test('the discover tile page: a visitor sees what was found and signs in to read; a signed-in reader is sent to /', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const word = 'campus';
  const hit = (await (await request.get(`/content/mag-search?q=${word}&p=0&edzLibId=1`)).json()).items[0];
  const link = `/discover?q=${word}&issueId=${hit.issueId}`;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(link);
  const tile = page.getByTestId('discover-tile');
  await expect(tile).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Found in Lectern: “${word}”`);
  await expect(tile.getByTestId('snippet').locator('mark').first()).toHaveText(new RegExp(word, 'i'));
  await expect(page.getByTestId('discover-sign-in')).toBeVisible();
  await screenshotBoth(page, 'discover-page-en');
  await page.goto(`/hi${link}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Lectern में मिला');
  await screenshotBoth(page, 'discover-page-hi');
  await page.goto('/discover?q=&issueId=x');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link does not say what to look for.');

  await signInQuickly(page, 'reader@demo.edu', 'read2026', { home: false });
  await page.goto(link);
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByTestId('discover-page')).toHaveCount(0);
});
