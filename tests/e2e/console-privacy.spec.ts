// Member privacy, the CSV import and the bulk actions in Chromium against the demo: the librarian
// sees no member's reading until a Lectern admin allows it (a refused value is named by its label);
// a CSV is previewed row by row, imported and mailed; chosen members are extended at once, and the
// imported reader's My Account names the same last day the console does (English and Hindi, 360
// and 1280 px).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SignIn, screenshotBoth, signInQuickly } from './pages';
import { codeFor } from './outbox';

const PASSWORD = 'read2026';
test.use({ viewport: { width: 1280, height: 800 } });

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInQuickly(page, email, PASSWORD, { home: false });
  return page;
}

async function demoId(page: Page): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('userToken'));
  const me = await (await page.request.get('/api/console/me', { headers: { Authorization: token! } })).json();
  return me.institutions.find((i: { name: string }) => i.name === 'Demo University').id;
}

test('reading stays private until a Lectern admin allows it; a refused value is named by its label', async ({ browser }) => {
  const lib = await signedIn(browser, 'librarian@demo.edu');
  const id = await demoId(lib);
  await lib.goto(`/library/${id}/members?q=rohan`);
  await lib.getByTestId('member-row').getByRole('link', { name: 'Rohan Das' }).click();
  await expect(lib.getByTestId('member-last-read')).toHaveText("Your institution keeps members' reading private.");
  await expect(lib.getByTestId('member-devices-private')).toBeVisible();

  const admin = await signedIn(browser, 'admin@example.com');
  await admin.goto(`/library/${id}/institution`);
  const form = admin.getByTestId('privacy-form');
  await expect(form.getByLabel('Reading history kept (days)')).toHaveValue('180');
  await form.getByLabel('Reading history kept (days)').fill('20');
  await form.getByTestId('privacy-save').click();
  const alert = form.getByRole('alert');
  await expect(alert).toHaveText('Reading history kept (days): Keep reading history at least 31 days.');
  await expect(alert).not.toContainText('retentionDays');
  await form.getByLabel('Reading history kept (days)').fill('365');
  await form.getByTestId('privacy-reading').check();
  await form.getByTestId('privacy-save').click();
  await expect(admin.getByText('Privacy settings saved.')).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await screenshotBoth(admin, 'console-privacy');
  await admin.context().close();

  await lib.reload();
  await expect(lib.getByTestId('member-last-read')).not.toContainText('private');
  await expect(lib.getByTestId('member-devices-private')).toBeVisible();
  await lib.context().close();
});

test('a CSV is previewed, imported and mailed; chosen members are extended at once; My Account shows the same last day', async ({
  browser,
}) => {
  const lib = await signedIn(browser, 'librarian@demo.edu');
  const id = await demoId(lib);
  const stamp = Date.now();
  const [one, two] = [`imported.one.${stamp}@example.com`, `imported.two.${stamp}@example.com`];
  await lib.goto(`/library/${id}/members`);
  await lib.getByTestId('members-import').click();
  await expect(lib.getByRole('heading', { name: 'Add members from a file' })).toBeVisible();
  const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const csv = ['email,name,access_until', `${one},Imported One,${soon}`, `${two},Imported Two,${soon}`, 'not-an-address,=cmd(),'].join(
    '\n',
  );
  await lib.getByTestId('import-file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(lib.getByTestId('import-summary')).toHaveText('To invite: 2 · already members: 0 · rows with errors: 1');
  await expect(lib.getByTestId('import-rows').locator('tbody tr').nth(2)).toContainText('which a spreadsheet runs as a formula');
  await screenshotBoth(lib, 'console-import');
  await lib.goto(`/hi${new URL(lib.url()).pathname}${new URL(lib.url()).search}`);
  await lib.getByTestId('import-file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(lib.getByTestId('import-summary')).toContainText('आमंत्रित करने हैं: 2');
  await screenshotBoth(lib, 'console-import-hi');
  await lib.goto(`/library/${id}/members?import=1`);
  await lib.getByTestId('import-file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await lib.getByTestId('import-run').click();
  await expect(lib.getByTestId('import-done')).toHaveText('Done: 2 invited, 0 already members, 1 rows left out.');
  // The invitation reached the outbox (the demo has no SMTP server).
  const mails = path.join(process.env.LECTERN_E2E_DATA_DIR!, 'outbox', 'mail');
  await expect.poll(() => fs.readdirSync(mails).filter((f) => f.includes(`imported.one.${stamp}`)).length).toBe(1);

  // Both chosen from the list and extended at once, after a confirmation.
  await lib.getByTestId('import-back').click();
  await lib.getByTestId('members-search').fill(`${stamp}`);
  await expect(lib.getByTestId('member-row')).toHaveCount(2);
  for (const box of await lib.getByTestId('member-choose').all()) await box.check();
  const until = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await lib.getByTestId('bulk-until').fill(until);
  await lib.getByTestId('bulk-extend').click();
  const shown = new Date(`${until}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(lib.getByTestId('members-bulk')).toContainText(`Extend access of 2 members to ${shown}?`);
  await screenshotBoth(lib, 'console-bulk');
  await lib.getByTestId('bulk-yes').click();
  await expect(lib.getByTestId('bulk-result')).toContainText('Done for 2 of 2.');
  await expect(lib.getByTestId('member-row').first()).toContainText(`Access until ${shown}`);
  await lib.getByTestId('bulk-invite').click();
  await lib.getByTestId('bulk-yes').click();
  await expect(lib.getByTestId('bulk-result')).toContainText('Invited in the last 10 minutes already.');
  await lib.context().close();

  // The imported reader signs in with a code; My Account names the same last day.
  const reader = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const signIn = new SignIn(reader);
  await signIn.requestCode(one);
  await signIn.enterCode(await codeFor(one));
  await expect(reader).not.toHaveURL(/\/login/);
  await reader.goto('/dashboard/myAccount');
  const long = new Date(`${until}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(reader.getByTestId('institution')).toContainText(`Reading access until ${long}`);
  await reader.context().close();
});
