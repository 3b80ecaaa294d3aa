// Information pages: the legal texts carry every legal point of spec §1, FAQ, help, the contact
// form with the spec §5 messages, payment results, health and install pages, in both languages.
import { expect, test } from '@playwright/test';
import { screenshot } from './pages';

test.use({ serviceWorkers: 'block' });

test('the privacy policy has sections 1 to 8 with the legal points of spec §1', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/privacy-policy');
  const headings = page.getByTestId('legal-privacy').getByRole('heading', { level: 2 });
  await expect(headings).toHaveCount(8);
  await expect(headings.first()).toHaveText('1. What this policy covers');
  await expect(headings.last()).toHaveText('8. Questions');
  const text = await page.getByTestId('legal-privacy').innerText();
  for (const point of [
    'one region in Asia',
    'United States and Ireland',
    'within 15 days',
    'within 30 days',
    'within 72 hours',
    'push notifications',
    'Cookies',
  ]) {
    expect(text, point).toContain(point);
  }
  await screenshot(page, 'privacy-360');
  await page.goto('/hi/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('गोपनीयता नीति');
  await expect(page.getByTestId('legal-privacy').getByRole('heading', { level: 2 })).toHaveCount(8);
});

test('the terms have clauses 1 to 10 with the legal points of spec §1', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  const doc = page.getByTestId('legal-terms');
  await expect(doc.getByRole('heading', { level: 2 })).toHaveCount(10);
  const text = await doc.innerText();
  for (const point of [
    'distributor, not a publisher',
    'full or partial refunds',
    'taxes',
    "store's pricing",
    'State of New York',
    'after it is published',
    'without refund',
    'proxies or spoof your IP',
    'true, current',
    'from usage counts',
    'discontinue',
    'end accounts',
  ]) {
    expect(text, point).toContain(point);
  }
});

test('FAQ answers open, help links on, and the footer reaches every page', async ({ page }) => {
  await page.goto('/faq');
  const first = page.locator('.faq__item').first();
  await expect(first.locator('p')).toBeHidden();
  await first.locator('summary').click();
  await expect(first.locator('p')).toBeVisible();
  await page.goto('/helpsupport');
  await page.getByRole('link', { name: 'Read the FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  const footer = page.getByRole('navigation', { name: 'About Lectern' });
  await expect(footer.getByRole('link')).toHaveText(['FAQs', 'Privacy Policy', 'Terms & Conditions', 'Help & Support', 'Contact us']);
});

test('a student asks a question with name, e-mail and message only', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/contact-us');
  await expect(page.getByTestId('contact-kind-question')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Institution Name')).toHaveCount(0);
  await expect(page.getByLabel('Number of campuses')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Name field is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Message field is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Please select no. of campus')).toHaveCount(0);
  await screenshot(page, 'contact-question-360');
  await page.getByLabel('Name', { exact: true }).fill('Asha Rao');
  await page.getByLabel('E-mail address').fill('asha@college.example');
  await page.getByLabel('Message').fill('How do I read offline on my phone?');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/account/question'));
  await page.getByRole('button', { name: 'Send message' }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByTestId('contact-sent')).toContainText('Thank you');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'contact-question-1280');
  await page.goto('/hi/contact-us');
  await expect(page.getByTestId('contact-kind-question')).toContainText('मैं छात्र या कर्मचारी हूँ');
  await screenshot(page, 'contact-question-hi-1280');
});

test('the contact form says what is missing in the spec texts, then sends', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/contact-us');
  await page.getByTestId('contact-kind-institution').click();
  await page.getByRole('button', { name: 'Send message' }).click();
  for (const text of [
    'Name field is required',
    'Email field is required',
    'Mobile number field is required',
    'Institution Name field is required',
    'Desigination field is required',
    'Please select no. of campus',
    'Please select no. of students',
    'Message field is required',
  ]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await screenshot(page, 'contact-errors-360');
  await page.getByLabel('Name', { exact: true }).fill('Meena Pillai');
  await page.getByLabel('E-mail address').fill('meena@college.example');
  await page.getByLabel('Mobile number').fill('98765x');
  await page.getByLabel('Institution Name').fill('Riverside College');
  await page.getByLabel('Designation').fill('Librarian');
  await page.getByLabel('Number of campuses').selectOption('2-5');
  await page.getByLabel('Number of students').selectOption('1000-5000');
  await page.getByLabel('Message').fill('We would like Lectern for our library.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Mobile number should be numeric')).toBeVisible();
  await page.getByLabel('Mobile number').fill('9876501234');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('contact-sent')).toContainText('Thank you');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

  await page.goto('/hi/contact-us');
  await page.getByTestId('contact-kind-institution').click();
  await page.getByRole('button', { name: 'संदेश भेजें' }).click();
  await expect(page.getByText('नाम भरना आवश्यक है', { exact: true })).toBeVisible();
  await expect(page.getByText('कृपया कैंपस की संख्या चुनें')).toBeVisible();
});

test('payment results, the health check and the install page', async ({ page }) => {
  // Without an order they say so (the order's own result is in plans.spec.ts).
  await page.goto('/paymentsuccess');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No order to show');
  await page.goto('/paymentfailed');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No order to show');
  await page.goto('/healthcheck');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lectern is running');
  await expect(page.getByText(/Database: pglite/)).toBeVisible();
  await page.goto('/appdownload');
  await expect(page.getByTestId('app-download')).toContainText('Add to Home Screen');
  await page.goto('/hi/paymentfailed');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('दिखाने के लिए कोई ऑर्डर नहीं');
});

test('the EC-Council partner page takes an access code', async ({ page }) => {
  await page.goto('/ec-council');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lectern for EC-Council members');
  await page.getByLabel('Access code', { exact: true }).fill('READ-DEMO-2026');
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('library-brand')).toBeVisible();
  await page.goto('/hi/ec-council');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('EC-Council सदस्यों के लिए Lectern');
});
