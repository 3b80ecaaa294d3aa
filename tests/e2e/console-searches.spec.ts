// Searches in the usage reports, in Chromium against the demo: a librarian (a reader of Demo
// University too) searches in the app, and the console's PR_P1 and PR show those searches as
// Searches_Platform (PR's Data_Type Platform), as the server counts them; English and Hindi at
// 1280 and 360 px.
import { expect, test, type Page } from '@playwright/test';
import { SignIn, screenshotBoth } from './pages';

test.use({ viewport: { width: 1280, height: 800 } });

const month = new Date().toISOString().slice(0, 7);

/** Searches_Platform of this month for the institution, as the server reports it. */
async function searches(page: Page, id: string, token: string): Promise<number> {
  const res = await page.request.get(`/api/console/institutions/${id}/reports/pr_p1?begin=${month}&end=${month}`, {
    headers: { Authorization: token },
  });
  expect(res.status()).toBe(200);
  const items: { Attribute_Performance: { Data_Type: string; Performance: Record<string, Record<string, number>> }[] }[] = (
    await res.json()
  ).Report_Items;
  // Searches are the platform's own row (Data_Type Platform), beside the titles' data types.
  const platform = items[0]?.Attribute_Performance.find((p) => p.Data_Type === 'Platform');
  return platform?.Performance.Searches_Platform?.[month] ?? 0;
}

test("a librarian's searches show as Searches_Platform in PR_P1 and PR", async ({ page }) => {
  await new SignIn(page).withPassword('librarian@demo.edu', 'read2026');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/library');
  await expect(page).toHaveURL(/\/library\/\d+$/);
  const id = page.url().split('/').pop()!;
  const token = (await page.evaluate(() => localStorage.getItem('userToken')))!;
  const before = await searches(page, id, token);

  // Two searches in the app (each term once: the debounced input sends it when typing stops).
  await page.goto('/search');
  for (const word of ['campus', 'library']) {
    const answered = page.waitForResponse((r) => r.url().includes('/content/mag-search') && r.url().includes(`q=${word}`));
    await page.getByTestId('search-input').fill(word);
    expect((await answered).status()).toBe(200);
  }
  await expect.poll(() => searches(page, id, token)).toBe(before + 2);

  await page.goto(`/library/${id}/reports`);
  await page.getByTestId('report-choice').selectOption('PR_P1');
  // The screen opens on the last complete month; these searches are this month's.
  await page.getByTestId('report-end').fill(month);
  // The table shows metric types with spaces for underscores.
  const row = page.getByTestId('report-table').locator('tbody tr', { hasText: 'Searches Platform' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(String(before + 2));
  await screenshotBoth(page, 'console-searches-pr_p1');

  await page.goto(`/hi/library/${id}/reports`);
  await page.getByTestId('report-choice').selectOption('PR');
  await page.getByTestId('report-end').fill(month);
  const platformRow = page.getByTestId('report-table').locator('tbody tr', { hasText: 'Searches Platform' });
  await expect(platformRow).toHaveCount(1);
  await expect(platformRow.locator('td').nth(1)).toHaveText('Platform'); // Data_Type
  await screenshotBoth(page, 'console-searches-pr-hi');
});
