// The console's zones and enquiries sections in Chromium against the demo: Demo University's
// librarian makes a Smart Reading Zone at their position (and is told plainly when the browser
// refuses it, or a network is one a librarian may not use), asks for a second proof and sees the
// code for the desk, sees it listed and changes it; an admin is told what Basic Public School's
// subscription lacks; a visitor sends the enquiry form naming Demo University and the librarian
// marks it answered. Screenshots at 360 and 1280 px, English and Hindi.
import { expect, test, type Page } from '@playwright/test';
import { SignIn, screenshotBoth, signInQuickly } from './pages';

const PASSWORD = 'read2026';
const HERE = { latitude: 28.6869, longitude: 77.209 };
test.use({ viewport: { width: 1280, height: 800 } });

/** Signs the librarian in and opens a section of their console; the institution's id. */
async function openSection(page: Page, section: 'zones' | 'enquiries'): Promise<string> {
  await signInQuickly(page, 'librarian@demo.edu', PASSWORD, { home: false });
  await page.goto('/library');
  await expect(page).toHaveURL(/\/library\/\d+$/);
  const id = page.url().split('/').pop()!;
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: section === 'zones' ? 'Zones' : 'Enquiries' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/library/${id}/${section}$`));
  return id;
}

test.describe('zones', () => {
  test.use({ permissions: ['geolocation'], geolocation: HERE });

  test('the librarian makes a zone at their position with the Wi-Fi networks, sees it listed, and changes it', async ({ page }) => {
    const id = await openSection(page, 'zones');
    // The demo's own zone of Demo University is listed, with the readers in it now.
    await expect(page.getByTestId('zones')).toContainText('Demo University Library');

    const name = `Reading Room ${Date.now().toString(36)}`;
    await page.getByTestId('zone-add').click();
    const form = page.getByTestId('zone-form');
    await form.getByLabel('Name', { exact: true }).fill(name);
    // A mistake is named beside its field, and nothing is sent.
    await form.getByTestId('zone-networks').fill('10.20.0.0/33');
    await form.getByTestId('zone-hours').fill('weekdays 8 to 8');
    await form.getByTestId('zone-save').click();
    await expect(form.getByText('Enter networks such as 45.20.0.0/16')).toBeVisible();
    await expect(form.getByText('Write the hours as days and times')).toBeVisible();

    await form.getByRole('button', { name: 'Use my position' }).click();
    await expect(form.getByTestId('zone-lat')).toHaveValue('28.686900');
    await expect(form.getByTestId('zone-lng')).toHaveValue('77.209000');
    await expect(form.getByTestId('zone-radius')).toHaveValue('200');
    // The campus's private range is not what Lectern sees: said beside the field, nothing sent.
    await form.getByTestId('zone-networks').fill('10.20.0.0/16\n2001:db8:20::/48');
    await form.getByTestId('zone-hours').fill('mon-fri 08:00-20:00, sat 09:00-13:00');
    // Mended, a field's message goes.
    await expect(form.getByText('Enter networks such as 45.20.0.0/16')).toHaveCount(0);
    await expect(form.getByText('Write the hours as days and times')).toHaveCount(0);
    await form.getByTestId('zone-save').click();
    await expect(form.getByTestId('zone-networks-problem')).toHaveText(
      '10.20.0.0/16 is a private network: Lectern sees your Wi-Fi by its public address. Your network team knows it.',
    );
    await form.getByTestId('zone-networks').fill('45.20.0.0/8');
    await form.getByTestId('zone-save').click();
    await expect(form.getByTestId('zone-networks-problem')).toContainText('45.20.0.0/8 is wider than a zone may be (at most /16 for IPv4');
    await screenshotBoth(page, 'console-zone-form-network-refused');
    await form.getByTestId('zone-networks').fill('45.20.0.0/16\n2400:cb00:20::/48');
    await expect(form.getByTestId('zone-networks-problem')).toHaveCount(0);
    // A location alone is not enough here: the Wi-Fi or the desk's code too.
    await form.getByTestId('zone-proof-place+code').check();
    await form.getByLabel('Pass length').fill('90');
    await form.getByTestId('zone-opens-some').click();
    await form.getByLabel('Newspapers').check();
    await screenshotBoth(page, 'console-zone-form');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/console/institutions/${id}/zones`) && r.request().method() === 'POST');
    await form.getByTestId('zone-save').click();
    const zone = await (await saved).json();
    expect(zone).toMatchObject({
      name,
      place: { lat: 28.6869, lng: 77.209, radiusM: 200 },
      passMinutes: 90,
      readersNow: 0,
      proof: 'place+code',
    });

    const card = page.getByTestId(`zone-${zone.id}`);
    await expect(card).toContainText('28.6869, 77.209 within 200 m');
    await expect(card.locator('code')).toHaveText(['45.20.0.0/16', '2400:cb00:20::/48']);
    // The code to put up at the desk, as the server has it now.
    await expect(card.getByTestId('zone-desk-code')).toContainText('Code for the desk');
    const token = await page.evaluate(() => localStorage.getItem('userToken'));
    const desk = await (
      await page.request.get(`/api/console/institutions/${id}/zones/${zone.id}/code`, { headers: { Authorization: token! } })
    ).json();
    await expect(card.locator('.console-zone__code-digits')).toHaveText(`${desk.code.slice(0, 3)} ${desk.code.slice(3)}`);
    await expect(card.getByTestId('zone-proof')).toHaveText('Location and code');
    await expect(card).toContainText('mon-fri 08:00-20:00, sat 09:00-13:00 (Asia/Kolkata)');
    await expect(card).toContainText('90 minutes');
    await expect(card).toContainText('Newspapers');
    await expect(card.getByTestId('zone-readers')).toHaveText('0 readers in this zone now');
    await screenshotBoth(page, 'console-zones');

    // Changed: always open, the whole catalogue.
    await card.getByRole('button', { name: `Change ${name}` }).click();
    const edit = page.getByTestId('zone-form');
    await edit.getByTestId('zone-hours').fill('always');
    await edit.getByLabel('Everything your subscription covers').check();
    await edit.getByTestId('zone-save').click();
    await expect(card).toContainText('Always open');
    await expect(card).toContainText('Everything your subscription covers');

    await page.goto(`/hi/library/${id}/zones`);
    await expect(page.getByRole('heading', { name: 'स्मार्ट रीडिंग ज़ोन' })).toBeVisible();
    await expect(page.getByTestId(`zone-${zone.id}`)).toContainText('हमेशा खुला');
    await expect(page.getByTestId(`zone-${zone.id}`)).toContainText('डेस्क के लिए कोड');
    await screenshotBoth(page, 'console-zones-hi');
    await page.getByRole('button', { name: `${name} बदलें` }).click();
    await page.getByTestId('zone-networks').fill('192.168.1.0/24');
    await page.getByTestId('zone-save').click();
    await expect(page.getByTestId('zone-networks-problem')).toContainText('192.168.1.0/24 एक निजी नेटवर्क है');
    await screenshotBoth(page, 'console-zone-form-hi');

    // Removed (after the browser's confirmation).
    await page.goto(`/library/${id}/zones`);
    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(page.getByTestId(`zone-${zone.id}`)).toHaveCount(0);
  });

  test("an admin is told, before sending, what Basic Public School's subscription lacks", async ({ page }) => {
    await new SignIn(page).withPassword('admin@example.com', PASSWORD);
    await expect(page).not.toHaveURL(/\/login\/verify/);
    await page.goto('/library');
    await expect(page).toHaveURL(/\/library\/\d+$/);
    const basic = await page.getByTestId('console-institution').locator('option', { hasText: 'Basic Public School' }).getAttribute('value');
    await page.goto(`/library/${basic}/zones`);
    await page.getByTestId('zone-add').click();
    const form = page.getByTestId('zone-form');
    await form.getByLabel('Name', { exact: true }).fill('School Library');
    await form.getByTestId('zone-networks').fill('45.30.1.0/24');
    await form.getByTestId('zone-opens-some').click();
    await form.getByLabel('Newspapers').check();
    await form.getByLabel('Journals').check();
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/zones') && sent.push(r.url()));
    await form.getByTestId('zone-save').click();
    await expect(form.getByTestId('zone-opens-problem')).toHaveText(
      "Basic Public School's subscription does not include Newspapers and Journals, so its zones cannot open them.",
    );
    expect(sent).toEqual([]);
    await screenshotBoth(page, 'console-zone-form-beyond');
    // A title of a section it lacks: the server says so, beside the same field.
    await form.getByLabel('Newspapers').uncheck();
    await form.getByLabel('Journals').uncheck();
    const paper = (await (await page.request.get('/content/magazine-filter?categoryID=154&age_rate=9')).json()).magazineList[0].mid;
    await form.getByLabel('Title numbers').fill(String(paper));
    await form.getByTestId('zone-save').click();
    await expect(form.getByTestId('zone-opens-problem')).toContainText(
      `Basic Public School's subscription does not include newspapers, so its zones cannot open them (title ${paper}).`,
    );
    await page.goto(`/hi/library/${basic}/zones`);
    await page.getByTestId('zone-add').click();
    await page.getByTestId('zone-form').getByLabel('नाम', { exact: true }).fill('School Library');
    await page.getByTestId('zone-networks').fill('45.30.1.0/24');
    await page.getByTestId('zone-opens-some').click();
    await page.getByTestId('zone-form').getByLabel('समाचार पत्र').check();
    await page.getByTestId('zone-save').click();
    await expect(page.getByTestId('zone-opens-problem')).toHaveText(
      'Basic Public School की सदस्यता में समाचार पत्र शामिल नहीं हैं, इसलिए इसके ज़ोन उन्हें नहीं खोल सकते।',
    );
    await screenshotBoth(page, 'console-zone-form-beyond-hi');
  });

  test('a refused position says how to allow it, and the coordinates can still be typed', async ({ page, context }) => {
    await context.clearPermissions();
    await openSection(page, 'zones');
    await page.getByTestId('zone-add').click();
    await page.getByRole('button', { name: 'Use my position' }).click();
    await expect(page.getByTestId('position-problem')).toHaveText(
      "Your browser did not share your position. Allow location for this site in the browser's settings, or type the coordinates.",
    );
    await expect(page.getByTestId('zone-lat')).toHaveValue('');
  });
});

test('a visitor sends the enquiry form naming Demo University; its librarian marks it answered', async ({ page, browser }) => {
  const name = `Visiting Dean ${Date.now().toString(36)}`;
  const visitor = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const form = await visitor.newPage();
  await form.goto('/contact-us');
  await form.getByTestId('contact-kind-institution').click();
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('E-mail address').fill('dean@demo.edu');
  await form.getByLabel('Mobile number').fill('9876501234');
  await form.getByLabel('Institution Name').fill('Demo University');
  await form.getByLabel('Designation').fill('Dean of Studies');
  await form.getByLabel('Number of campuses').selectOption('2-5');
  await form.getByLabel('Number of students').selectOption('5000-20000');
  await form.getByLabel('Message').fill('Can our second campus join?\nIt has 800 students.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByTestId('contact-sent')).toContainText('Thank you');
  await visitor.close();

  const id = await openSection(page, 'enquiries');
  const first = page.getByTestId('enquiries').locator('li').first();
  await expect(first).toContainText(name);
  await expect(first).toContainText('for Demo University · Dean of Studies');
  await expect(first).toContainText('Can our second campus join?');
  await expect(first.getByTestId('enquiry-status')).toHaveText('New');
  await expect(first.getByRole('link', { name: 'dean@demo.edu' })).toHaveAttribute('href', 'mailto:dean@demo.edu');
  await screenshotBoth(page, 'console-enquiries');

  await first.getByRole('button', { name: 'Mark answered' }).click();
  await expect(first.getByTestId('enquiry-status')).toHaveText('Answered');
  await page.getByTestId('filter-answered').click();
  await expect(page.getByTestId('enquiries').locator('li').first()).toContainText(name);
  await page.getByTestId('filter-new').click();
  await expect(page.getByTestId('filter-new')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(name)).toHaveCount(0);

  await page.goto(`/hi/library/${id}/enquiries`);
  await expect(page.getByRole('heading', { name: 'पूछताछ', level: 2 })).toBeVisible();
  await expect(page.getByTestId('enquiries').locator('li').first().getByTestId('enquiry-status')).toHaveText('उत्तर दिया गया');
  await screenshotBoth(page, 'console-enquiries-hi');
});
