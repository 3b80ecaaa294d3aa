// The console's access and branding sections in Chromium against the demo: Demo University's
// librarian adds an e-mail domain (pending, with the DNS record to publish), makes an access code
// that a reader then redeems (and disables it, and exports the codes), and uploads a logo that a
// signed-in reader sees in the header at their next start.
// Screenshots of both sections at 360 and 1280 px, in English and Hindi.
import fs from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { expect, test, type Page } from '@playwright/test';
import { SignIn, screenshotBoth, signInQuickly } from './pages';

const PASSWORD = 'read2026';
test.use({ viewport: { width: 1280, height: 800 } });

/** Signs the librarian in and opens a section of their console; the institution's id. */
async function openSection(page: Page, section: 'access' | 'branding'): Promise<string> {
  await signInQuickly(page, 'librarian@demo.edu', PASSWORD, { home: false });
  await page.goto('/library');
  await expect(page).toHaveURL(/\/library\/\d+$/);
  const id = page.url().split('/').pop()!;
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: section === 'access' ? 'Access' : 'Branding', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/library/${id}/${section}$`));
  return id;
}

test('the librarian makes an access code, a reader redeems it; disabled, it lets nobody else in; the codes export as CSV', async ({
  page,
  browser,
}) => {
  const id = await openSection(page, 'access');
  await expect(page.getByTestId('subscription')).toContainText('Magazines, Newspapers, Journals');
  await expect(page.getByTestId('domain-demo.edu').getByTestId('domain-state')).toContainText('Approved by Lectern on');

  // A new domain waits for proof: the TXT record to publish, copy-ready, and Check now (the
  // end-to-end server's resolver answers nothing: DNS_SERVERS points at a closed loopback port).
  const domain = `e2e-${Date.now().toString(36)}.edu`;
  await page.getByTestId('domain-input').fill(domain);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const claim = page.getByTestId(`domain-${domain}`);
  await expect(claim.getByTestId('domain-state')).toHaveText('Waiting for proof');
  await expect(claim.getByTestId('domain-record')).toContainText(`_lectern.${domain}`);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await claim.getByRole('button', { name: 'Copy the Value' }).click();
  await expect(page.getByTestId('toast')).toContainText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^lectern-verify=[0-9a-f]{32}$/);
  await claim.getByRole('button', { name: 'Check now' }).click();
  await expect(claim.getByTestId('domain-check')).toContainText('the DNS lookup did not answer');
  await expect(claim.getByTestId('domain-state')).toHaveText('Waiting for proof');

  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await page.getByLabel('Your own code (optional)').fill(code);
  await page.getByLabel('Uses per code').fill('3');
  await page.getByLabel('Label (optional)').fill('Orientation week');
  await page.getByTestId('code-create').click();
  await expect(page.getByTestId('made-codes')).toHaveText(code);
  const row = page.getByTestId(`code-${code}`);
  await expect(row.getByTestId('code-usage')).toHaveText('0 of 3');
  await expect(row.getByTestId('code-status')).toHaveText('Active');
  await screenshotBoth(page, 'console-access');

  // A visitor on another device redeems it from the access-code page.
  const reader = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const readerPage = await reader.newPage();
  await readerPage.goto('/accesscode');
  await readerPage.getByLabel('Access code', { exact: true }).fill(code.toLowerCase());
  await readerPage.getByRole('button', { name: 'Apply code' }).click();
  await expect(readerPage).toHaveURL(/\/$/);
  await expect(readerPage.getByTestId('library-brand')).toBeVisible();
  await reader.close();

  await page.reload();
  await expect(row.getByTestId('code-usage')).toHaveText('1 of 3');

  // The CSV has it, with its label and usage.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('codes-csv').click()]);
  expect(download.suggestedFilename()).toBe('access-codes-DEMO-U.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain(`${code},Orientation week,active,1,3,`);

  // Disabled, it attaches nobody new.
  await row.getByRole('button', { name: `Disable ${code}` }).click();
  await expect(row.getByTestId('code-status')).toHaveText('Disabled');
  const late = await browser.newContext();
  const latePage = await late.newPage();
  await latePage.goto('/accesscode');
  await latePage.getByLabel('Access code', { exact: true }).fill(code);
  await latePage.getByRole('button', { name: 'Apply code' }).click();
  await expect(latePage.getByTestId('access-code-form').getByRole('alert')).toContainText('This access code is no longer valid');
  await late.close();

  // A domain held by another institution is refused with the reason.
  await page.getByTestId('domain-input').fill('expired.edu');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('expired.edu is already held by another institution.', { exact: false })).toBeVisible();

  await page.goto(`/hi/library/${id}/access`);
  await expect(page.getByRole('heading', { name: 'एक्सेस कोड' })).toBeVisible();
  await expect(page.getByTestId(`domain-${domain}`).getByTestId('domain-state')).toHaveText('प्रमाण की प्रतीक्षा में');
  await expect(page.getByTestId(`code-${code}`).getByTestId('code-status')).toHaveText('बंद');
  // A refusal in Hindi is the console's own text for the error's code.
  await page.getByTestId('domain-input').fill('expired.edu');
  await page.getByRole('button', { name: 'जोड़ें', exact: true }).click();
  await expect(page.getByText('यह डोमेन पहले से किसी दूसरे संस्थान के पास है।', { exact: false })).toBeVisible();
  await page.getByTestId('domain-input').fill('');
  await screenshotBoth(page, 'console-access-hi');
});

/** A 3:1 logo with a recognisable mark, as PNG bytes. */
function logoPng(): Buffer {
  const c = createCanvas(600, 200);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#7a1f3d';
  ctx.beginPath();
  ctx.arc(100, 100, 90, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillRect(220, 60, 360, 80);
  return c.toBuffer('image/png');
}

test('the librarian uploads a logo with a preview of the header; a signed-in reader sees it at their next start', async ({
  page,
  browser,
}) => {
  // The reader is signed in before the change, with the demo's logo.
  const reader = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const readerPage = await reader.newPage();
  await new SignIn(readerPage).withPassword('reader@demo.edu', PASSWORD);
  await expect(readerPage).toHaveURL(/\/$/);
  const readerLogo = readerPage.getByTestId('library-brand').locator('img');
  const before = await readerLogo.getAttribute('src');

  const id = await openSection(page, 'branding');
  await expect(page.getByTestId('branding-name')).toHaveValue('Demo University');
  await expect(page.getByTestId('preview-logo')).toHaveAttribute('src', before!);
  await page.getByTestId('branding-logo').setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: logoPng() });
  // The preview shows the chosen file before anything is saved.
  await expect(page.getByTestId('preview-logo')).toHaveAttribute('src', /^blob:/);
  await expect(page.getByTestId('branding-preview')).toContainText('Preview: not saved yet');
  await screenshotBoth(page, 'console-branding-preview');
  await page.getByTestId('branding-save').click();
  await expect(page.getByTestId('preview-logo')).toHaveAttribute('src', /^\/media\/[0-9a-f]{32}\.png$/);
  const saved = await page.getByTestId('preview-logo').getAttribute('src');
  expect(saved).not.toBe(before);
  await expect(page.getByTestId('branding-preview')).toContainText("Readers' header now");
  await screenshotBoth(page, 'console-branding');

  // The reader's next start brings the new logo, at 1x/2x/3x.
  await readerPage.reload();
  await expect(readerLogo).toHaveAttribute('src', saved!);
  const srcset = await readerLogo.getAttribute('srcset');
  expect(srcset).toMatch(new RegExp(`^${saved} 1x, /media/[0-9a-f]{32}\\.png 2x, /media/[0-9a-f]{32}\\.png 3x$`));
  const drawn = await readerLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);
  expect(drawn).toBeGreaterThan(0);
  await reader.close();

  // Not an image: refused with the server's reason, nothing saved.
  await page.getByTestId('branding-logo').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await page.getByTestId('branding-save').click();
  await expect(page.getByTestId('branding-form').getByRole('alert')).toHaveText('Upload the logo as a PNG, JPEG or WebP image.');

  await page.goto(`/hi/library/${id}/branding`);
  await expect(page.getByRole('heading', { name: 'ब्रांडिंग', level: 2 })).toBeVisible();
  await expect(page.getByTestId('preview-logo')).toHaveAttribute('src', saved!);
  await screenshotBoth(page, 'console-branding-hi');
});
