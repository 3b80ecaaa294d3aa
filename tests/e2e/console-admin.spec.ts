// The console's admin side in Chromium against the demo: the admin makes an institution, sets its
// single sign-on (the secret never shown again) and makes a new reader its librarian; that
// librarian then opens the console and finds the grant in the institution's activity log. A
// librarian has no admin sections. Screenshots at 360 and 1280 px, in English and Hindi.
import { expect, test, type Page } from '@playwright/test';
import { SignIn, screenshotBoth, signInQuickly } from './pages';
import { codeFor } from './outbox';

const PASSWORD = 'read2026';
test.use({ viewport: { width: 1280, height: 800 } });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Console sections' });

test('the admin makes an institution and its librarian, who sees the grant in the activity log', async ({ page, browser }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Lakeside College ${stamp}`;
  const orgCode = `LAKE-${stamp}`;
  const librarian = `lib.${stamp.toLowerCase()}@lakeside.example`;

  // The future librarian signs in once (a first sign-in makes the account); no console yet.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const libPage = await other.newPage();
  const libSignIn = new SignIn(libPage);
  await libSignIn.requestCode(librarian);
  await libSignIn.enterCode(await codeFor(librarian));
  // A new account gives its name first (spec §4 mode 3; the app sends it there at every start until then).
  await expect(libPage).toHaveURL(/\/update\/fullName$/);
  await libPage.getByLabel('Full Name').fill('Lakeside Librarian');
  await libPage.getByLabel('Password', { exact: true }).fill('lakeside1');
  await libPage.getByLabel('Confirm password').fill('lakeside1');
  await libPage.getByRole('button', { name: 'Submit' }).click();
  await expect(libPage.getByRole('heading', { name: 'Thank you, Lakeside!' })).toBeVisible();
  await libPage.goto('/library');
  await expect(libPage.getByTestId('console-problem')).toContainText('The library console is for librarians.');

  // The admin makes the institution.
  await signInQuickly(page, 'admin@example.com', PASSWORD, { home: false });
  await page.goto('/library');
  await expect(page).toHaveURL(/\/library\/\d+$/);
  await nav(page).getByRole('link', { name: 'New institution' }).click();
  await expect(page).toHaveURL(/\/library\/\d+\/new-institution$/);
  await page.getByTestId('inst-name').fill(name);
  await page.getByTestId('inst-code').fill(orgCode.toLowerCase());
  await expect(page.getByTestId('inst-code')).toHaveValue(orgCode);
  await page.getByTestId('inst-age').fill('12');
  await page.getByTestId('inst-downloads').fill('4');
  await page.getByLabel('Journals').uncheck();
  await screenshotBoth(page, 'console-admin-new');
  await page.getByTestId('inst-create').click();
  await expect(page).toHaveURL(/\/library\/\d+\/institution$/);
  const id = page.url().split('/').at(-2)!;
  await expect(page.getByTestId('inst-identity')).toContainText(`${name} · org code ${orgCode}`);
  await expect(page.getByTestId('inst-downloads')).toHaveValue('4');
  await expect(page.getByTestId('console-institution')).toHaveValue(id);

  // A duplicate org code is refused with the reason. (Making one is about no institution in
  // particular: no institution picker there.)
  await nav(page).getByRole('link', { name: 'New institution' }).click();
  await expect(page.getByTestId('console-institution')).toHaveCount(0);
  await page.getByTestId('inst-name').fill('Copy');
  await page.getByTestId('inst-code').fill(orgCode);
  await page.getByTestId('inst-create').click();
  await expect(page.getByTestId('new-institution').getByRole('alert')).toContainText(
    `The org code ${orgCode} belongs to another institution.`,
  );
  await nav(page).getByRole('link', { name: 'Institution settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/library/${id}/institution$`));

  // Single sign-on: the secret is kept but never shown again.
  await page.getByTestId('sso-issuer').fill('https://login.lakeside.example');
  await page.getByTestId('sso-client').fill('lectern');
  await page.getByTestId('sso-secret').fill('s3cret-value');
  await page.getByTestId('sso-save').click();
  await expect(page.getByTestId('sso-state')).toHaveText('Readers can sign in through https://login.lakeside.example.');
  await expect(page.getByTestId('sso-secret')).toHaveValue('');
  await page.reload();
  await expect(page.getByText('Set. Leave empty to keep it; it is never shown.')).toBeVisible();
  expect(await page.content()).not.toContain('s3cret-value');

  // The new reader becomes its librarian.
  await page.getByTestId('librarian-email').fill(librarian);
  await page.getByTestId('librarian-grant').click();
  await expect(page.getByTestId('librarians')).toContainText(librarian);
  await screenshotBoth(page, 'console-admin-institution');
  await page.goto(`/hi/library/${id}/institution`);
  await expect(page.getByRole('heading', { name: 'संस्थान साइन-इन (OpenID Connect)' })).toBeVisible();
  await screenshotBoth(page, 'console-admin-institution-hi');

  // The librarian now has the console of that institution only, without the admin sections, and
  // reads the grant (who, what, before → after) in its activity log.
  await libPage.goto('/library');
  await expect(libPage).toHaveURL(new RegExp(`/library/${id}$`));
  await expect(libPage.getByTestId('console-role')).toHaveText(`Librarian of ${name}`);
  await expect(nav(libPage).getByRole('link', { name: 'New institution' })).toHaveCount(0);
  await expect(nav(libPage).getByRole('link', { name: 'Institution settings' })).toHaveCount(0);
  await libPage.goto(`/library/${id}/new-institution`);
  await expect(libPage).toHaveURL(new RegExp(`/library/${id}$`));
  await nav(libPage).getByRole('link', { name: 'Activity' }).click();
  const entries = libPage.getByTestId('activity-entry');
  await expect(entries.first()).toContainText('Librarian role granted');
  await expect(entries.first()).toContainText(librarian);
  await expect(entries.first()).toContainText('admin@example.com');
  await expect(entries.first().getByRole('definition')).toHaveText('— → librarian');
  await expect(entries.filter({ hasText: 'Institution sign-in set' })).toHaveCount(1);
  // The institution's creation is the admins' own entry.
  await expect(entries.filter({ hasText: 'Institution made' })).toHaveCount(0);
  await screenshotBoth(libPage, 'console-activity');
  await libPage.goto(`/hi/library/${id}/activity`);
  await expect(libPage.getByTestId('activity-entry').first()).toContainText('लाइब्रेरियन की भूमिका दी गई');
  await screenshotBoth(libPage, 'console-activity-hi');
  await other.close();

  // The admin's whole log has the creation.
  await page.goto(`/library/${id}/activity`);
  await page.getByTestId('activity-all').check();
  await expect(page.getByTestId('activity-entry').filter({ hasText: 'Institution made' }).first()).toContainText(orgCode);
});

test("a librarian's domain claim waits for the admin, who approves one and refuses another; the librarian sees it approved", async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const [approved, refused] = [`approve-${stamp}.edu`, `refuse-${stamp}.edu`];

  // Demo University's librarian claims two domains: both wait for proof.
  const libContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const libPage = await libContext.newPage();
  await signInQuickly(libPage, 'librarian@demo.edu', PASSWORD, { home: false });
  await libPage.goto('/library');
  await expect(libPage).toHaveURL(/\/library\/\d+$/);
  const id = libPage.url().split('/').pop()!;
  await libPage.goto(`/library/${id}/access`);
  for (const domain of [approved, refused]) {
    await libPage.getByTestId('domain-input').fill(domain);
    await libPage.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(libPage.getByTestId(`domain-${domain}`).getByTestId('domain-state')).toHaveText('Waiting for proof');
  }
  // A librarian has no Domain claims section.
  await expect(nav(libPage).getByRole('link', { name: 'Domain claims' })).toHaveCount(0);

  // The admin decides.
  await signInQuickly(page, 'admin@example.com', PASSWORD, { home: false });
  await page.goto('/library');
  await expect(page).toHaveURL(/\/library\/\d+$/);
  await nav(page).getByRole('link', { name: 'Domain claims' }).click();
  await expect(page).toHaveURL(/\/library\/\d+\/domains$/);
  await expect(page.getByTestId('console-institution')).toHaveCount(0);
  const claim = page.getByTestId(`review-${approved}`);
  await expect(claim).toContainText(`@${approved} · Demo University`);
  await expect(claim.getByTestId('domain-state')).toHaveText('Waiting for proof');
  await screenshotBoth(page, 'console-domain-claims');
  await claim.getByRole('button', { name: `Approve @${approved} for Demo University` }).click();
  await expect(page.getByTestId('toast')).toContainText('Domain approved');
  await expect(claim).toHaveCount(0);

  await page.goto(`/hi${new URL(page.url()).pathname}`);
  const other = page.getByTestId(`review-${refused}`);
  await expect(other.getByTestId('domain-state')).toHaveText('प्रमाण की प्रतीक्षा में');
  await screenshotBoth(page, 'console-domain-claims-hi');
  await other.getByRole('button', { name: `Demo University के लिए @${refused} अस्वीकार करें` }).click();
  await expect(other).toHaveCount(0);

  // The librarian sees the approval, the refused claim gone, and both decisions in the activity log.
  await libPage.reload();
  await expect(libPage.getByTestId(`domain-${approved}`).getByTestId('domain-state')).toContainText('Approved by Lectern on');
  await expect(libPage.getByTestId(`domain-${refused}`)).toHaveCount(0);
  await libPage.goto(`/library/${id}/activity`);
  const entries = libPage.getByTestId('activity-entry');
  await expect(entries.first()).toContainText('E-mail domain refused');
  await expect(entries.nth(1)).toContainText('E-mail domain approved');
  await expect(entries.nth(1).getByRole('definition')).toHaveText('waiting for proof → approved by Lectern');
  await libContext.close();
});
