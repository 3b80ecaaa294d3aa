// Usage reports in the library console, in Chromium against the demo: the librarian opens a
// COUNTER report (the last complete month by default; table, a page of rows at a time, and chart
// as the server counts them), filters and breaks it down, downloads it as TSV with the Code of
// Practice's header rows and as COUNTER JSON, subscribes an address to a monthly report, adds a
// SUSHI requestor and replaces its key, and downloads the KBART file; English and Hindi at 1280
// and 360 px.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { screenshotBoth, signInQuickly } from './pages';

test.use({ viewport: { width: 1280, height: 800 } });

async function openConsole(page: Page) {
  await signInQuickly(page, 'librarian@demo.edu', 'read2026', { home: false });
  await page.goto('/library');
  await expect(page).toHaveURL(/\/library\/\d+$/);
  return { id: page.url().split('/').pop()!, token: (await page.evaluate(() => localStorage.getItem('userToken')))! };
}

const downloaded = async (page: Page, testId: string) => {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, 'utf8') };
};

test('a librarian opens a usage report, filters it, pages it and downloads it', async ({ page }) => {
  const { id, token } = await openConsole(page);
  await page.getByRole('link', { name: 'Usage reports' }).click();
  await expect(page).toHaveURL(new RegExp(`/library/${id}/reports$`));
  // The last complete month by default.
  const now = new Date();
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  await expect(page.getByTestId('report-begin')).toHaveValue(last);
  await expect(page.getByTestId('report-end')).toHaveValue(last);
  await page.getByTestId('report-choice').selectOption('TR');
  // The demo's reads are this month's: the range is moved to take it in.
  const month = now.toISOString().slice(0, 7);
  await page.getByTestId('report-end').fill(month);
  const begin = await page.getByTestId('report-begin').inputValue();
  // The table shows the server's rows (the demo's reads under Demo University), a page at a time.
  const report = await (
    await page.request.get(`/api/console/institutions/${id}/reports/tr?begin=${begin}&end=${month}`, { headers: { Authorization: token } })
  ).json();
  expect(report.Report_Items.length).toBeGreaterThan(0);
  const rows = page.getByTestId('report-table').locator('tbody tr');
  await expect(rows.first()).toContainText(report.Report_Items[0].Title);
  const metrics = report.Report_Items.reduce(
    (n: number, item: { Attribute_Performance: { Performance: Record<string, Record<string, number>> }[] }) =>
      n +
      item.Attribute_Performance.reduce(
        (m, p) => m + Object.values(p.Performance).filter((c) => Object.values(c).some((v) => v > 0)).length,
        0,
      ),
    0,
  );
  await expect(rows).toHaveCount(Math.min(metrics, 100));
  if (metrics > 100) {
    await expect(page.getByTestId('report-pages')).toContainText(`1–100 of ${metrics}`);
    await page.getByTestId('report-next').click();
    await expect(rows).toHaveCount(Math.min(metrics - 100, 100));
  }
  await expect(page.getByTestId('usage-chart').locator('rect')).toHaveCount(2);
  await screenshotBoth(page, 'console-reports');

  // The file has every row, whatever the page shows.
  const tsv = await downloaded(page, 'download-tsv');
  expect(tsv.name).toBe(`TR_${begin}_${month}.tsv`);
  const lines = tsv.text.replace(/^\uFEFF/, '').split('\n');
  expect(lines.slice(0, 3).map((l) => l.replace(/\t+$/, ''))).toEqual(['Report_Name\tTitle Report', 'Report_ID\tTR', 'Release\t5.1']);
  expect(lines[13].replace(/\t/g, '')).toBe('');
  expect(lines[14].startsWith('Title\tPublisher\tPublisher_ID\tPlatform')).toBe(true);
  expect(lines.filter((l) => l).length).toBe(15 + metrics);

  // Filters and breakdown: one metric type pair, by access type, totals only (no chart, no month columns).
  await page.getByTestId('report-options').locator('summary').click();
  await page.getByRole('checkbox', { name: 'Total Item Requests' }).check();
  await page.getByRole('checkbox', { name: 'Unique Item Requests' }).check();
  await page.getByRole('checkbox', { name: 'Access type' }).check();
  await page.getByTestId('report-totals').check();
  await expect(page.getByTestId('report-table').locator('thead th')).toContainText(['Title', 'Data Type', 'Access Type', 'Metric Type']);
  await expect(page.getByTestId('report-table').locator('thead th').last()).toHaveText('Reporting Period Total');
  await expect(page.getByTestId('usage-chart')).toHaveCount(0);
  const json = JSON.parse((await downloaded(page, 'download-json')).text);
  expect(json.Report_Header.Report_Filters.Metric_Type).toEqual(['Total_Item_Requests', 'Unique_Item_Requests']);
  expect(json.Report_Header.Report_Attributes).toEqual({ Attributes_To_Show: ['Access_Type'], Granularity: 'Total' });
  await screenshotBoth(page, 'console-reports-filtered');

  // A monthly report by e-mail: added and listed.
  await page.getByTestId('monthly-report').selectOption('TR_J1');
  const address = `journals-${Date.now()}@demo.edu`;
  await page.getByTestId('monthly-email').fill(address);
  await page.getByTestId('monthly-add').click();
  await expect(page.getByTestId('monthly-list')).toContainText(address);

  await page.goto(`/hi/library/${id}/reports`);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('उपयोग रिपोर्ट');
  await expect(page.getByTestId('monthly-reports')).toContainText('ई-मेल से मासिक रिपोर्ट');
  await expect(page.getByTestId('report-table')).toBeVisible();
  await page.getByTestId('report-choice').selectOption('TR');
  await page.getByTestId('report-options').locator('summary').click();
  await expect(page.getByTestId('report-options')).toContainText('मासिक विवरण छोड़ें');
  await screenshotBoth(page, 'console-reports-hi');
});

test('a librarian adds a SUSHI requestor, replaces its key after confirming, and downloads the KBART file', async ({ page }) => {
  const { id } = await openConsole(page);
  await page.goto(`/library/${id}/harvest`);
  await page.getByTestId('sushi-requestor-name').fill('CELUS');
  await page.getByTestId('sushi-add').click();
  const key = await page.getByTestId('sushi-api_key').textContent();
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const requestor = await page.getByTestId('sushi-requestor_id').textContent();
  await expect(page.getByTestId('sushi-requestors')).toContainText('CELUS');
  // A harvester's call with them is answered.
  const members = await page.request.get(`/sushi/r51/members?customer_id=${id}&requestor_id=${requestor}&api_key=${key}`);
  expect((await members.json())[0].Institution_Name).toBe('Demo University');
  await screenshotBoth(page, 'console-harvest');
  // A new key asks first; confirmed, the old one stops at once.
  await page.getByTestId('sushi-new-key').click();
  await expect(page.getByRole('alertdialog')).toContainText('Replace the key of CELUS?');
  await screenshotBoth(page, 'console-harvest-confirm');
  await page.getByTestId('sushi-confirm').click();
  await expect(page.getByTestId('sushi-api_key')).not.toHaveText(key!);
  const old = await page.request.get(`/sushi/r51/members?customer_id=${id}&requestor_id=${requestor}&api_key=${key}`);
  expect((await old.json()).Code).toBe(2000);
  const kbart = await downloaded(page, 'kbart-download');
  expect(kbart.name).toMatch(/^Lectern_DEMOU_AllTitles_\d{4}-\d{2}-\d{2}\.txt$/);
  expect(kbart.text.split('\n')[0].split('\t').slice(0, 4)).toEqual([
    'publication_title',
    'print_identifier',
    'online_identifier',
    'date_first_issue_online',
  ]);
  // After a reload the key is no longer shown; the requestor is listed.
  await page.goto(`/hi/library/${id}/harvest`);
  await expect(page.getByTestId('sushi-requestors')).toContainText('CELUS');
  await expect(page.getByTestId('sushi-api_key')).toHaveCount(0);
  await expect(page.getByTestId('sushi-new-key')).toHaveText('नई कुंजी');
  await screenshotBoth(page, 'console-harvest-hi');
});
