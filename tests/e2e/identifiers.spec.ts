// Identifiers in Chromium against the demo: Lectern's admin finds a journal in the console's Titles
// section by its ISSN, is told about a wrong check digit before anything is sent, saves a valid
// online ISSN; the title page shows the ISSNs and the DOI, in English and Hindi.
import { expect, test } from '@playwright/test';
import { screenshotBoth, signInQuickly } from './pages';

test.use({ viewport: { width: 1280, height: 800 } });

test('an admin sets a journal’s ISSN; readers see the identifiers on its page', async ({ page }) => {
  await signInQuickly(page, 'admin@example.com', 'read2026', { home: false });
  await page.goto('/library');
  await expect(page).toHaveURL(/\/library\/\d+$/);
  const id = page.url().split('/').pop()!;
  const token = (await page.evaluate(() => localStorage.getItem('userToken')))!;
  const found = await (await page.request.get('/api/console/titles?q=Journal of Applied', { headers: { Authorization: token } })).json();
  const journal = found.titles[0];
  expect(journal.printIssn).toMatch(/^2320-\d{3}[\dX]$/); // every demo title has one

  await page.getByRole('link', { name: 'Titles' }).click();
  await expect(page).toHaveURL(new RegExp(`/library/${id}/titles$`));
  await page.getByTestId('titles-search').fill(journal.printIssn.replace('-', ''));
  const row = page.getByTestId('title-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Print ISSN ${journal.printIssn}`);
  await row.getByTestId('title-edit').click();
  const form = page.getByTestId('identifiers-form');
  await form.getByTestId('id-onlineIssn').fill('1878-5892');
  await form.getByTestId('identifiers-save').click();
  await expect(form).toContainText("Online ISSN '1878-5892' has a wrong check digit");
  await screenshotBoth(page, 'console-titles-edit');
  await form.getByTestId('id-onlineIssn').fill('1878 5891');
  await form.getByTestId('identifiers-save').click();
  await expect(page.getByTestId('title-row')).toContainText('Online ISSN 1878-5891');
  await screenshotBoth(page, 'console-titles');
  await page.goto(`/hi/library/${id}/titles`);
  await expect(page.getByRole('heading', { name: 'शीर्षक', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('title-row').first()).toBeVisible();
  await screenshotBoth(page, 'console-titles-hi');

  await page.goto(`/magazine/${journal.mid}`);
  const ids = page.getByTestId('title-identifiers');
  await expect(ids).toContainText(`Print ISSN${journal.printIssn}`, { timeout: 30_000 });
  await expect(ids).toContainText('Online ISSN1878-5891');
  await expect(ids).toContainText(/DOI10\.5555\//);
  await screenshotBoth(page, 'title-identifiers');
  await page.goto(`/hi/magazine/${journal.mid}`);
  await expect(page.getByTestId('title-identifiers')).toContainText('मुद्रित ISSN', { timeout: 30_000 });
  await screenshotBoth(page, 'title-identifiers-hi');
});
