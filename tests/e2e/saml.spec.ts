// SAML sign-in in Chromium against the demo and a samlify identity provider started by this test
// on loopback: the admin pastes the provider's metadata into Basic Public School's console, the
// provider registers our metadata from the address the console shows, and a new reader signs in
// from /login/sso through the provider's form and its auto-posted answer, landing signed in.
// Screenshots of the console panel at 360 and 1280 px.
import { expect, test } from '@playwright/test';
import { BASE, SignIn } from './pages';
import { startSamlIdp, type SamlIdp } from '../support/saml-idp';

let idp: SamlIdp;
test.beforeAll(async () => {
  idp = await startSamlIdp();
});
test.afterAll(async () => {
  await idp?.close();
});

test('a reader signs in through their institution SAML identity provider', async ({ page, browser }) => {
  // The demo server's first console and sign-in pages can be slow on a busy machine.
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await new SignIn(page).withPassword('admin@example.com', 'read2026');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/library');
  await expect(page).toHaveURL(/\/library\/\d+$/);
  await page.getByTestId('console-institution').selectOption({ label: 'Basic Public School' });
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Institution settings' }).click();
  const panel = page.getByTestId('saml-panel');
  await panel.getByTestId('saml-xml').fill(idp.metadata());
  await panel.getByTestId('saml-save').click();
  await expect(panel.getByTestId('saml-state')).toHaveText(`Readers sign in through ${idp.entityId} (1 signing certificate).`);
  const spMetadata = (await panel.getByRole('link').getAttribute('href'))!;
  expect(spMetadata).toMatch(new RegExp(`^${BASE}/saml/\\d+/metadata$`));
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await panel.screenshot({ path: `test-results/screens/console-saml-${width}.png` });
  }
  idp.addServiceProvider(await (await fetch(spMetadata)).text());

  const reader = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const readerPage = await reader.newPage();
  const login = `saml.${Date.now().toString(36)}@basic.edu`;
  await readerPage.goto('/login');
  await readerPage.getByTestId('sso-link').click();
  await readerPage.getByRole('button', { name: 'Basic Public School' }).click();
  await expect(readerPage).toHaveURL(new RegExp(`^${idp.url}/sso\\?SAMLRequest=`));
  await readerPage.getByLabel('Login').fill(login);
  await readerPage.getByRole('button', { name: 'Sign in' }).click();
  // The provider's page posts the answer to our assertion service, which sends the browser to the app.
  await expect(readerPage).not.toHaveURL(/\/login\/sso/, { timeout: 30_000 });
  await expect(readerPage).toHaveURL(new RegExp(`^${BASE}/`));
  expect(await readerPage.evaluate(() => localStorage.getItem('loginType'))).toBe('sso');
  expect(JSON.parse((await readerPage.evaluate(() => localStorage.getItem('userDetails')))!)).toMatchObject({
    email: login,
    libName: 'Basic Public School',
  });
  await reader.close();

  // Back as it was for the other journeys.
  await panel.getByTestId('saml-off').click();
  await expect(panel.getByTestId('saml-state')).toHaveText('SAML sign-in is off.');
});
