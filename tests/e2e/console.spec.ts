// The library console in Chromium against the demo: a librarian finds it in their account and sees
// their institution's overview (English and Hindi, 360 and 1280 px); an admin chooses among the
// institutions; a reader is told the console is for librarians; signed out goes to sign-in.
import { expect, test } from '@playwright/test';
import { SignIn, screenshotBoth } from './pages';

const PASSWORD = 'read2026';
test.use({ viewport: { width: 1280, height: 800 } });

test("a librarian opens the console from their account and sees their institution's overview", async ({ page }) => {
  await new SignIn(page).withPassword('librarian@demo.edu', PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/dashboard');
  await page.locator('.account__card', { hasText: 'Library console' }).click();
  await expect(page).toHaveURL(/\/library\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Library console');
  await expect(page.getByTestId('console-role')).toHaveText('Librarian of Demo University');
  // The figures are the server's (the demo has reads under Demo University).
  const id = page.url().split('/').pop();
  const token = await page.evaluate(() => localStorage.getItem('userToken'));
  const overview = await (
    await page.request.get(`/api/console/institutions/${id}/overview`, { headers: { Authorization: token! } })
  ).json();
  await expect(page.getByTestId('stat-members')).toHaveText(overview.members.toLocaleString('en'));
  await expect(page.getByTestId('stat-reads')).toHaveText(overview.reads.toLocaleString('en'));
  await expect(page.getByTestId('reads-chart').locator('rect')).toHaveCount(90);
  await expect(page.getByTestId('reads-chart-summary')).toContainText('issues opened in the last 90 days');
  if (overview.topTitles.length)
    await expect(page.getByTestId('top-titles').locator('li').first()).toContainText(overview.topTitles[0].name);
  await screenshotBoth(page, 'console-overview');

  // Hindi.
  await page.goto(`/hi/library/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('लाइब्रेरी कंसोल');
  await expect(page.getByTestId('console-role')).toHaveText('Demo University के लाइब्रेरियन');
  await screenshotBoth(page, 'console-overview-hi');

  // Another institution's console is refused, on the server and on the screen.
  const other = Number(id) + 1;
  const refused = await page.request.get(`/api/console/institutions/${other}/overview`, { headers: { Authorization: token! } });
  expect(refused.status()).toBe(403);
  await page.goto(`/library/${other}`);
  await expect(page.getByTestId('console-problem')).toHaveText("That is another institution's console.");
});

test('an admin chooses the institution; a reader is told the console is for librarians; signed out signs in first', async ({ page }) => {
  await page.goto('/library');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Flibrary$/);

  await new SignIn(page).withPassword('reader@demo.edu', PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'My Account' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Library console/ })).toHaveCount(0);
  await page.goto('/library');
  await expect(page.getByTestId('console-problem')).toContainText('The library console is for librarians.');

  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await new SignIn(page).withPassword('admin@example.com', PASSWORD);
  await expect(page).not.toHaveURL(/\/login\/verify/);
  await page.goto('/library');
  await expect(page).toHaveURL(/\/library\/\d+$/);
  await expect(page.getByTestId('console-role')).toHaveText('Admin: all institutions');
  const choose = page.getByTestId('console-institution');
  const names = await choose.locator('option').allTextContents();
  expect(names).toEqual(expect.arrayContaining(['Demo University', 'Old Town College', 'Basic Public School']));
  // The option's id is read before choosing: right after the change the select shows the old value
  // until the navigation (a transition) renders the new one.
  const oldTown = await choose.locator('option', { hasText: 'Old Town College' }).getAttribute('value');
  await choose.selectOption({ label: 'Old Town College' });
  await expect(page).toHaveURL(new RegExp(`/library/${oldTown}$`));
  await expect(choose).toHaveValue(oldTown!);
  await expect(page.getByTestId('console-stats')).toBeVisible();
  await screenshotBoth(page, 'console-admin');
});
