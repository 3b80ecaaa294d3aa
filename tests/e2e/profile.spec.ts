// Session and profile, in Chromium: the marketing claims on home and /appdownload, the
// country picker (searchable, by keyboard) in sign-in and the contact form with the number checked
// against the chosen country, the sign-in code screen naming the address the server validated,
// gold and storeID on the catalogue calls, and the privacy text's profile fields; English and
// Hindi, screenshots at 360 and 1280 px.
import { expect, test, type Page } from '@playwright/test';
import { screenshotBoth } from './pages';

test.use({ serviceWorkers: 'block' });

const CLAIMS_EN = '10,000+ titles · 40+ categories · 60+ languages';
const CLAIMS_HI = '10,000+ शीर्षक · 40+ श्रेणियाँ · 60+ भाषाएँ';

test('home and /appdownload state the configured claims, in English and Hindi', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.home__intro .claims')).toHaveText(CLAIMS_EN);
  await screenshotBoth(page, 'claims-home-en', { fullPage: false });
  await page.goto('/hi/');
  await expect(page.locator('.home__intro .claims')).toHaveText(CLAIMS_HI);
  await screenshotBoth(page, 'claims-home-hi', { fullPage: false });
  await page.goto('/appdownload');
  await expect(page.getByTestId('app-download').locator('.claims')).toHaveText(CLAIMS_EN);
  await screenshotBoth(page, 'claims-appdownload-en', { fullPage: false });
  await page.goto('/hi/appdownload');
  await expect(page.getByTestId('app-download').locator('.claims')).toHaveText(CLAIMS_HI);
  await screenshotBoth(page, 'claims-appdownload-hi', { fullPage: false });
});

/** The picker's search box (the contact form has other comboboxes: its selects). */
const searchBox = (page: Page) => page.locator('.country-picker__search');

/** Opens the picker, searches, and picks the first match with the keyboard. */
async function pickCountry(page: Page, search: string) {
  await page.getByTestId('country-picker').click();
  const box = searchBox(page);
  await expect(box).toBeFocused();
  await box.fill(search);
  await expect(page.getByRole('option').first()).toBeVisible();
  await box.press('Enter');
  await expect(page.getByTestId('country-picker')).toBeFocused();
}

test('sign-in by mobile: the picker lists every country, searches and works by keyboard; the number is checked for that country', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Mobile number' }).click();
  const picker = page.getByTestId('country-picker');
  await expect(picker).toContainText('+91');

  // Opened: India first, then every country by name; the arrows move and Escape closes.
  await picker.click();
  const options = page.getByRole('option');
  await expect(options.first()).toContainText('India');
  expect(await options.count()).toBeGreaterThan(200);
  const box = searchBox(page);
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /-1$/);
  await box.fill('united k');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('United Kingdom');
  await expect(options.first()).toContainText('+44');
  await screenshotBoth(page, 'country-picker-login-en', { fullPage: false });
  await box.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(picker).toBeFocused();

  // By digits: +44 picked with Enter; an Indian number is no UK mobile.
  await pickCountry(page, '+44');
  await expect(picker).toContainText('+44');
  await page.getByLabel('Mobile number', { exact: true }).fill('9876543210');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Enter a Valid Mobile Number')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Back to India by name: the same number is sent.
  await pickCountry(page, 'india');
  await expect(picker).toContainText('+91');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page).toHaveURL(/\/login\/verify\/mobileotp$/);
  await expect(page.getByText('+91 9876543210')).toBeVisible();

  // In Hindi the names are Hindi and a Hindi search finds them.
  await page.goto('/hi/login');
  await page.locator('.segmented button').nth(1).click();
  await page.getByTestId('country-picker').click();
  await expect(page.getByRole('option').first()).toContainText('भारत');
  await searchBox(page).fill('जापान');
  await expect(page.getByRole('option').first()).toContainText('+81');
  await screenshotBoth(page, 'country-picker-login-hi', { fullPage: false });
});

test('the contact form picks the country of the mobile number and checks it', async ({ page }) => {
  await page.goto('/contact-us');
  await page.getByTestId('contact-kind-institution').click();
  const form = page.getByTestId('contact-form-institution');
  await form.getByLabel('Name', { exact: true }).fill('Meena Pillai');
  await form.getByLabel('E-mail address').fill('meena@college.example');
  await form.getByLabel('Institution Name').fill('Riverside College');
  await form.getByLabel('Designation').fill('Librarian');
  await form.getByLabel('Number of campuses').selectOption('2-5');
  await form.getByLabel('Number of students').selectOption('1000-5000');
  await form.getByLabel('Message').fill('We would like Lectern for our library.');
  await pickCountry(page, 'singapore');
  await expect(page.getByTestId('country-picker')).toContainText('+65');
  await form.getByLabel('Mobile number').fill('9876501234');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Enter a Valid Mobile Number')).toBeVisible();
  await form.getByLabel('Mobile number').fill('81234567');
  await screenshotBoth(page, 'country-picker-contact-en');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('contact-sent')).toBeVisible();

  await page.goto('/hi/contact-us');
  await page.getByTestId('contact-kind-institution').click();
  await page.getByTestId('country-picker').click();
  await searchBox(page).fill('सिंगापुर');
  await expect(page.getByRole('option').first()).toContainText('+65');
  await screenshotBoth(page, 'country-picker-contact-hi', { fullPage: false });
});

test('the code screen names the address as the server validated it (returned base64-encoded)', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Institution e-mail address').fill('  Profile.Tester@Example.COM ');
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/login/otp/send'));
  await page.getByRole('button', { name: 'Send OTP' }).click();
  expect((await (await reply).json()).email).toBe(Buffer.from('profile.tester@example.com').toString('base64'));
  await expect(page).toHaveURL(/\/login\/verify\/emailotp$/);
  await expect(page.getByText('profile.tester@example.com')).toBeVisible();
});

test('the catalogue and search calls carry gold=1 and storeID', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/content\/(magazine-filter|magazine-search|mag-search|article-search)/.test(r.url())) asked.push(r.url());
  });
  await page.goto('/magazines/BS/en');
  await expect(page.getByTestId('magazine-card').first()).toBeVisible();
  expect(asked.some((u) => u.includes('/content/magazine-filter') && /gold=1/.test(u) && /storeID=1/.test(u))).toBe(true);
  for (const u of asked) expect(u, u).toMatch(/storeID=1/);
});

test('the privacy policy names every profile field of the spec, in English and Hindi', async ({ page }) => {
  await page.goto('/privacy-policy');
  const en = await page.getByTestId('legal-privacy').innerText();
  for (const field of ['designation', "institution's name", 'age', 'gender', 'reading interests']) expect(en, field).toContain(field);
  await page.goto('/hi/privacy-policy');
  const hi = await page.getByTestId('legal-privacy').innerText();
  for (const field of ['पद', 'संस्थान का नाम', 'आयु', 'लिंग', 'रुचियाँ']) expect(hi, field).toContain(field);
});
