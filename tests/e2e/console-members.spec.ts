// The console's members and access requests in Chromium against the demo: a reader sends their
// institution ID, the librarian sees it and approves it in the console, the reader is told and can
// then read; the librarian finds members, opens one, extends access, removes a member and
// downloads the list (English and Hindi, 360 and 1280 px).
import fs from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SignIn, screenshotBoth, signInQuickly } from './pages';
import { codeFor } from './outbox';

const PASSWORD = 'read2026';
test.use({ viewport: { width: 1280, height: 800 } });

async function librarian(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInQuickly(page, 'librarian@demo.edu', PASSWORD, { home: false });
  await page.goto('/library');
  await expect(page).toHaveURL(/\/library\/\d+$/);
  return page;
}

/** The newest mail in the outbox to this address. */
function lastMail(to: string): string {
  const dir = path.join(process.env.LECTERN_E2E_DATA_DIR!, 'outbox', 'mail');
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.includes(to))
    .sort()
    .at(-1);
  return file ? fs.readFileSync(path.join(dir, file), 'utf8') : '';
}

test('a reader sends their ID, the librarian approves it in the console, and the reader can then read', async ({ page, browser }) => {
  const email = `id.${Date.now()}@example.com`;
  const signIn = new SignIn(page);
  await signIn.requestCode(email);
  const firstCode = await codeFor(email);
  await signIn.enterCode(firstCode);
  await expect(page).toHaveURL(/\/update\/fullName$/);
  await page.getByLabel('Full Name').fill('Kavya Menon');
  await page.getByLabel('Password', { exact: true }).fill('kavya reads 26');
  await page.getByLabel('Confirm password').fill('kavya reads 26');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, Kavya!' })).toBeVisible();
  await page.getByRole('button', { name: 'START READING' }).click();
  await expect(page).toHaveURL(/\/validate-user\?type=1$/);
  const form = page.getByTestId('id-upload-form');
  await form.getByLabel('Your institution', { exact: true }).selectOption({ label: 'Demo University' });
  const card = createCanvas(480, 300);
  const ctx = card.getContext('2d');
  ctx.fillStyle = '#1d4e89';
  ctx.fillRect(0, 0, 480, 300);
  ctx.fillStyle = '#fff';
  ctx.font = 'bold 28px sans-serif';
  ctx.fillText('DEMO UNIVERSITY', 24, 52);
  ctx.fillText('STUDENT ID 2026', 24, 260);
  await form
    .getByLabel('Photo or PDF of your institution ID')
    .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: card.toBuffer('image/png') });
  await form.getByRole('button', { name: 'Send to my librarian' }).click();
  await expect(page).toHaveURL(/\/uploadId\/thankyou$/);

  const lib = await librarian(browser);
  const id = lib.url().split('/').pop();
  await lib.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Access requests' }).click();
  await expect(lib).toHaveURL(new RegExp(`/library/${id}/requests$`));
  const request = lib.getByTestId('request').filter({ hasText: email });
  await expect(request).toBeVisible();
  // The image came through the console's authenticated endpoint and was drawn.
  await expect
    .poll(() => request.getByTestId('request-image').evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  expect(await request.getByTestId('request-image').getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
  await screenshotBoth(lib, 'console-requests');
  await lib.goto(`/hi/library/${id}/requests`);
  await expect(lib.getByRole('heading', { level: 2 })).toHaveText('प्रतीक्षा में संस्थान आईडी');
  await expect(lib.getByTestId('request').filter({ hasText: email }).getByTestId('request-image')).toBeVisible();
  await screenshotBoth(lib, 'console-requests-hi');
  await lib.goto(`/library/${id}/requests`);

  await lib.getByTestId('request').filter({ hasText: email }).getByRole('button', { name: 'Approve' }).click();
  await expect(lib.getByTestId('request-done')).toHaveText('Kavya Menon can read now; we told them.');
  await expect(lib.getByTestId('request').filter({ hasText: email })).toHaveCount(0);
  await expect.poll(() => lastMail(email)).toContain('Demo University has checked your ID');

  // The reader signs in again and reads.
  const again = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await new SignIn(again).withPassword(email, 'kavya reads 26');
  await expect(again).not.toHaveURL(/validate-user|login/);
  const list = await (await again.request.get('/content/magazine-filter?categoryID=BS&age_rate=5')).json();
  const mid = list.magazineList.find((m: { type: string }) => m.type === 'magazine').mid;
  await again.goto(`/magazine/${mid}`);
  const [reader] = await Promise.all([again.context().waitForEvent('page'), again.getByTestId('read-now').click()]);
  await expect(reader.locator('img.reader__page--shown').first()).toBeVisible();
  await again.context().close();

  // The new member is in the list; the librarian removes them.
  await lib.getByRole('link', { name: 'Members' }).click();
  await lib.getByTestId('members-search').fill(email);
  await expect(lib.getByTestId('member-row')).toHaveCount(1);
  await lib.getByTestId('member-row').getByRole('link').click();
  await expect(lib.getByTestId('member-page')).toContainText(email);
  await lib.getByRole('button', { name: 'Remove member' }).click();
  await lib.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(lib.getByTestId('member-removed')).toContainText('is no longer a member.');
  await lib.getByTestId('member-back').click();
  await expect(lib.getByTestId('members-count')).toHaveText('0 members');
  await lib.context().close();
});

test('the librarian finds members, opens one, extends their access and downloads the list', async ({ browser }) => {
  const lib = await librarian(browser);
  const id = lib.url().split('/').pop();
  await lib.getByRole('link', { name: 'Members' }).click();
  await expect(lib).toHaveURL(new RegExp(`/library/${id}/members$`));
  await expect(lib.getByTestId('member-row').first()).toBeVisible();
  await screenshotBoth(lib, 'console-members');

  await lib.getByTestId('members-filter').selectOption('ending');
  await expect(lib).toHaveURL(/filter=ending/);
  await expect(lib.getByTestId('member-row').filter({ hasText: 'Rohan Das' })).toContainText('Ending soon');
  await lib.getByTestId('members-filter').selectOption('expired');
  await expect(lib.getByTestId('member-row').filter({ hasText: 'Priya Nair' })).toContainText('Expired');
  await lib.getByTestId('members-filter').selectOption('all');
  await lib.getByTestId('members-search').fill('ROHAN');
  // The search reaches the address after a pause, and the whole list (of every member, for a
  // moment) must become the one row: a count alone was already true of the expired filter's list.
  await expect(lib).toHaveURL(/q=ROHAN/);
  await expect(lib.getByTestId('member-row')).toHaveText([/Rohan Das/]);

  // The CSV of what is shown.
  const [download] = await Promise.all([lib.waitForEvent('download'), lib.getByTestId('members-export').click()]);
  expect(download.suggestedFilename()).toBe(`members-${id}-all.csv`);
  const csv = fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  // No last_read column: Demo University keeps members' reading private (the default).
  expect(csv[0]).toBe('name,email,mobile,status,access_until');
  expect(csv.slice(1)).toEqual([expect.stringMatching(/^Rohan Das,rohan\.das@demo\.edu,,ending,\d{4}-\d{2}-\d{2}$/)]);

  await lib.getByTestId('member-row').getByRole('link', { name: 'Rohan Das' }).click();
  const member = lib.getByTestId('member-page');
  await expect(member.getByRole('heading', { level: 2 })).toContainText('Rohan Das');
  await expect(lib.getByTestId('member-ways')).toContainText('Password');
  const until = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  await lib.getByLabel('Last day of access').fill(until);
  await lib.getByRole('button', { name: 'Extend', exact: true }).click();
  const shown = new Date(`${until}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(lib.getByTestId('member-extended')).toHaveText(`Access now runs until ${shown}.`);
  await expect(member.getByRole('heading', { level: 2 })).toContainText('Active');
  await screenshotBoth(lib, 'console-member');
  await lib.goto(`/hi${new URL(lib.url()).pathname}${new URL(lib.url()).search}`);
  await expect(lib.getByTestId('member-ways')).toContainText('पासवर्ड');
  await screenshotBoth(lib, 'console-member-hi');
  await lib.goto(`/hi/library/${id}/members`);
  await expect(lib.getByTestId('member-row').first()).toBeVisible();
  await screenshotBoth(lib, 'console-members-hi');

  // Another institution's members are refused on the server.
  const token = await lib.evaluate(() => localStorage.getItem('userToken'));
  const refused = await lib.request.get(`/api/console/institutions/${Number(id) + 1}/members`, { headers: { Authorization: token! } });
  expect(refused.status()).toBe(403);
  await lib.context().close();
});
