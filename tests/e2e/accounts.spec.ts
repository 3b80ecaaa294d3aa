// Sign-in journeys in the browser against the real server: codes read from its outbox, the
// cookies and storage of spec §3, the access rules of spec §4.
import { createCanvas } from '@napi-rs/canvas';
import { expect, test } from '@playwright/test';
import { SignIn, screenshot, screenshotBoth, BASE, PORT } from './pages';
import { codeFor } from './outbox';

test.use({ serviceWorkers: 'block' });
const DEMO_PASSWORD = 'read2026';
/** Spec §2 account menu: the information pages follow the account items. */
const INFO_LINKS = ['FAQs', 'Privacy Policy', 'Terms & Conditions', 'Help & Support', 'Contact us'];

test('a new reader signs up with an e-mail code and lands on home with their institution', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const signIn = new SignIn(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Email field is required')).toBeVisible();
  await page.getByLabel('Institution e-mail address').fill('not-an-address');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await screenshot(page, 'login-en-360');

  await signIn.requestCode('new.student@demo.edu');
  await expect(page.getByTestId('otp-contact')).toHaveText('new.student@demo.edu');
  await expect(page.getByTestId('resend-countdown')).toContainText('Resend OTP in');
  await screenshot(page, 'login-otp-360');
  const code = await codeFor('new.student@demo.edu');
  await expect(page.getByLabel('OTP', { exact: true })).toHaveAttribute('maxlength', String(code.length));
  await signIn.enterCode(code.slice(0, -1));
  await expect(page.getByRole('alert')).toContainText(`Please enter the ${code.length} digit OTP sent to new.student@demo.edu`);
  await signIn.enterCode(code === '0'.repeat(code.length) ? '1'.repeat(code.length) : '0'.repeat(code.length));
  await expect(page.getByRole('alert')).toContainText('Incorrect OTP');
  await signIn.enterCode(code);

  await expect(page).toHaveURL(/\/update\/fullName$/);
  await expect(page.getByText("You're just one step away from getting unlimited reading access")).toBeVisible();
  // The rule is under the field before anything is typed (NIST SP 800-63B: 8 to 64 characters).
  await expect(page.getByText('8 to 64 characters. Spaces and any language are fine')).toBeVisible();
  await page.getByLabel('Full Name').fill('Kiran Das');
  await page.getByLabel('Password', { exact: true }).fill('kiran1');
  await page.getByLabel('Confirm password').fill('kiran reads 1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('kiran reads 1');
  await page.getByLabel('Confirm password').fill('kiran reads 2');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await screenshot(page, 'signup-360');
  await page.getByLabel('Confirm password').fill('kiran reads 1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, Kiran!' })).toBeVisible();
  await screenshot(page, 'signup-thanks-360');
  await page.getByRole('button', { name: 'START READING' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('library-brand').locator('img')).toHaveAttribute('srcset', /1x, .* 2x, .* 3x/);
  expect(await signIn.cookie('isLoggedIn')).toBe('1');
  expect(await signIn.cookie('isGuest')).toBe('0');
  expect(await signIn.cookie('libraryId')).not.toBe('0');
  expect(Number(await signIn.cookie('expiration'))).toBeGreaterThan(Date.now() / 1000);
  expect(await signIn.cookie('ageRate')).toBe('6');
  expect(await signIn.storage('loginType')).toBe('email');
  expect(await signIn.storage('userToken')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(JSON.parse((await signIn.storage('libraryDetails'))!)).toMatchObject({
    name: 'Demo University',
    logo1: expect.stringMatching(/^\/media\//),
  });
  expect(JSON.parse((await signIn.storage('userDetails'))!)).toMatchObject({
    firstName: 'Kiran',
    lastName: 'Das',
    email: 'new.student@demo.edu',
    userType: 'user',
  });
  await screenshot(page, 'home-signed-in-360');
});

test('password sign-in, the profile menu, account pages and logout from the dashboard', async ({ page }) => {
  const signIn = new SignIn(page);
  await signIn.withPassword('reader@demo.edu', 'wrong-one');
  await expect(page.getByRole('alert')).toContainText('That password is not right');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.locator('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.getByTestId('profile-button').click();
  const menu = page.getByTestId('profile-menu');
  await expect(menu).toContainText('Asha Rao');
  await expect(menu.getByRole('link')).toHaveText([
    'My Account',
    'Email Preference',
    'Manage Password',
    'My Favorites',
    'My Shelf',
    'Downloads',
    ...INFO_LINKS,
    'Help by e-mail',
  ]);
  await screenshot(page, 'profile-menu-1280');
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(menu).toBeHidden();

  await page.goto('/dashboard/myAccount');
  await expect(page.getByTestId('institution')).toContainText('Demo University');
  await page.getByLabel('Full Name').fill('Asha R. Rao');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Updated successfully');
  await screenshot(page, 'my-account-1280');

  await page.goto('/dashboard/email-preference');
  const productNews = page.getByRole('checkbox', { name: /Product news/ });
  await expect(productNews).not.toBeChecked();
  await productNews.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Updated successfully');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Product news/ })).toBeChecked();

  await page.goto('/dashboard/manage-password');
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password').fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Password updated successfully');
  await screenshot(page, 'manage-password-1280');

  const token = await signIn.storage('userToken');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await signIn.cookie('isLoggedIn')).toBe('0');
  expect(await signIn.storage('userToken')).toBeNull();
  const after = await page.request.post('/api/user/details', {
    headers: { authorization: token!, 'x-xsrf-token': (await signIn.cookie('XSRF-TOKEN'))! },
  });
  expect(after.status()).toBe(401);
});

test('logout on a reading page keeps the reader there', async ({ page }) => {
  const signIn = new SignIn(page);
  await signIn.withPassword('reader@demo.edu', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/journals');
  await page.getByTestId('profile-button').click();
  await page.getByTestId('profile-menu').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByTestId('profile-button')).toHaveAttribute('aria-label', 'Sign in');
  await expect(page).toHaveURL(/\/journals$/);
});

test('forgot password: a code and a new password sign the reader in', async ({ page }) => {
  const signIn = new SignIn(page);
  await page.goto('/login/verify/password');
  await page.getByLabel('Institution e-mail address').fill('reader@basic.edu');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Enter the OTP sent to you at reader@basic.edu to reset your password')).toBeVisible();
  await screenshot(page, 'forgot-password-360');
  await page.getByLabel('OTP', { exact: true }).fill(await codeFor('reader@basic.edu'));
  await page.getByLabel('Password', { exact: true }).fill('basic-reader-7');
  await page.getByLabel('Confirm password').fill('basic-reader-7');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Basic Public School has no newspapers or journals.
  expect(await signIn.cookie('isNewspaper')).toBe('0');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Journals' })).toHaveCount(0);
  const res = await page.request.post('/api/login/password', {
    data: { channel: 'email', email: 'reader@basic.edu', password: 'basic-reader-7' },
    headers: { 'x-xsrf-token': (await signIn.cookie('XSRF-TOKEN'))! },
  });
  expect(res.status()).toBe(200);
});

test('guards: logged out to /login, no library to type=1, expired to type=2 with the session kept', async ({ page }) => {
  const signIn = new SignIn(page);
  await page.goto('/dashboard/myAccount');
  await expect(page).toHaveURL(/\/login$/);

  await signIn.withPassword('visitor@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/validate-user\?type=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unfortunately, you do not have access to Lectern content.');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/validate-user\?type=1$/);
  await screenshot(page, 'no-access-360');

  await page.getByTestId('different-account').click();
  await expect(page).toHaveURL(/\/login\/email$/);
  await signIn.withPassword('reader@expired.edu', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/validate-user\?type=2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Your Lectern subscription has expired');
  await expect(
    page.getByText(
      'Please contact your college/university librarian to indulge in unlimited reading of magazines, newspapers and journals again.',
    ),
  ).toBeVisible();
  await screenshot(page, 'expired-360');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/validate-user\?type=2$/);
  expect(await signIn.cookie('isLoggedIn')).toBe('1');
});

test('a guest session, an access code, the guest menu and the guest logout', async ({ page }) => {
  const signIn = new SignIn(page);
  await page.goto('/login');
  await page.getByTestId('continue-as-guest').click();
  await expect(page).toHaveURL(/\/validate-user\?type=1$/);
  expect(await signIn.cookie('uniqId')).toMatch(/^[0-9a-f]{32}$/);
  expect(await signIn.cookie('isGuest')).toBe('1');
  expect(await signIn.storage('loginType')).toBe('guest');

  await page.getByLabel('Access code', { exact: true }).fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(page.getByTestId('access-code-form').getByRole('alert')).toContainText('This access code is not valid');
  await page.getByLabel('Access code', { exact: true }).fill('read-demo-2026');
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await signIn.cookie('libraryId')).not.toBe('0');

  await page.getByTestId('profile-button').click();
  await expect(page.getByTestId('profile-menu').getByRole('link')).toHaveText([
    'My Account',
    'My Favorites',
    'My Shelf',
    'Downloads',
    ...INFO_LINKS,
    'Help by e-mail',
  ]);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\?from=guest$/);
  await expect(page.getByTestId('guest-signed-out')).toBeVisible();
});

test('an access code from the access-code page starts a guest session when nobody is signed in', async ({ page }) => {
  await page.goto('/accesscode');
  await page.getByLabel('Access code', { exact: true }).fill('READ-DEMO-2026');
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('library-brand')).toBeVisible();
});

test('mobile number sign-in by SMS code, with the spec texts for bad numbers', async ({ page }) => {
  const signIn = new SignIn(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Mobile number' }).click();
  await page.getByLabel('Mobile number').fill('98abc');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Mobile number should be numeric')).toBeVisible();
  await page.getByLabel('Mobile number').fill('123');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Enter a Valid Mobile Number')).toBeVisible();
  await page.getByLabel('Mobile number').fill('9123456780');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page).toHaveURL(/\/login\/verify\/mobileotp$/);
  await expect(page.getByTestId('otp-contact')).toHaveText('+91 9123456780');
  await signIn.enterCode(await codeFor('+919123456780'));
  await expect(page).toHaveURL(/\/update\/fullName$/);
  expect(await signIn.storage('loginType')).toBe('mobile');
  // No institution yet, and still the sign-up completes before the no-access screen.
  await page.getByLabel('Full Name').fill('Dev Patel');
  await page.getByLabel('Password', { exact: true }).fill('dev patel 123');
  await page.getByLabel('Confirm password').fill('dev patel 123');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'START READING' }).click();
  await expect(page).toHaveURL(/\/validate-user\?type=1$/);
});

test('codes have six digits; the password rule is under the field before any error, in English and Hindi', async ({ page }) => {
  const signIn = new SignIn(page);
  await signIn.requestCode('rule.reader@demo.edu');
  const code = await codeFor('rule.reader@demo.edu');
  expect(code).toMatch(/^\d{6}$/);
  await expect(page.getByLabel('OTP', { exact: true })).toHaveAttribute('maxlength', '6');
  await page.getByLabel('OTP', { exact: true }).fill(code);
  await screenshotBoth(page, 'otp-six-en', { fullPage: false });
  await page.goto('/hi/login/verify/emailotp');
  await page.getByLabel('OTP', { exact: true }).fill(code);
  await page.evaluate(() => document.fonts.ready);
  await screenshotBoth(page, 'otp-six-hi', { fullPage: false });
  await page.goto('/login/verify/emailotp');
  await signIn.enterCode(code);
  await expect(page).toHaveURL(/\/update\/fullName$/);
  const rule = page.getByText('8 to 64 characters. Spaces and any language are fine');
  await expect(rule).toBeVisible();
  expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-describedby')).toBe(await rule.getAttribute('id'));
  await screenshotBoth(page, 'password-rule-en', { fullPage: false });

  await page.goto('/hi/update/fullName');
  await expect(page.getByText('8 से 64 अक्षर। स्पेस और किसी भी भाषा के अक्षर चलेंगे')).toBeVisible();
  await page.getByLabel('पूरा नाम').fill('रीना सेन');
  await page.getByLabel('पासवर्ड', { exact: true }).fill('छोटा');
  await page.getByLabel('पासवर्ड की पुष्टि करें').fill('छोटा');
  await page.getByRole('button', { name: 'जमा करें' }).click();
  await expect(page.getByText('पासवर्ड कम से कम 8 अक्षरों का होना चाहिए')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await screenshotBoth(page, 'password-rule-hi', { fullPage: false });
  // A passphrase in Hindi with spaces is taken.
  await page.getByLabel('पासवर्ड', { exact: true }).fill('मेरी प्यारी किताबें');
  await page.getByLabel('पासवर्ड की पुष्टि करें').fill('मेरी प्यारी किताबें');
  await page.getByRole('button', { name: 'जमा करें' }).click();
  await expect(page.getByRole('heading', { name: 'धन्यवाद, रीना!' })).toBeVisible();
});

test('sign-in in Hindi: the screens and the validation texts are translated', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/hi/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lectern में साइन इन करें');
  await page.getByRole('button', { name: 'OTP भेजें' }).click();
  await expect(page.getByText('ईमेल भरना आवश्यक है')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await screenshot(page, 'login-hi-360');
  await page.goto('/hi/dashboard');
  await expect(page).toHaveURL(/\/hi\/login$/);
});

test('a reader with no institution sends a photo of their ID to the librarian', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const signIn = new SignIn(page);
  await signIn.withPassword('visitor@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/validate-user\?type=1$/);
  const form = page.getByTestId('id-upload-form');
  await form.getByLabel('Your institution', { exact: true }).selectOption({ label: 'Demo University' });
  await form
    .getByLabel('Photo or PDF of your institution ID')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await form.getByRole('button', { name: 'Send to my librarian' }).click();
  await expect(form.getByRole('alert')).toHaveText('Upload a photo (JPEG, PNG or WebP) or a PDF of your institution ID.');
  await screenshot(page, 'id-upload-360');
  // A real photo: the server decodes and redraws it (a PNG header before noise is refused).
  const card = createCanvas(400, 250);
  const ctx = card.getContext('2d');
  ctx.fillStyle = '#2a6';
  ctx.fillRect(0, 0, 400, 250);
  const png = card.toBuffer('image/png');
  await form
    .getByLabel('Photo or PDF of your institution ID')
    .setInputFiles({ name: 'student-id.png', mimeType: 'image/png', buffer: png });
  await form.getByRole('button', { name: 'Send to my librarian' }).click();
  await expect(page).toHaveURL(/\/uploadId\/thankyou$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your ID is on its way');
  expect(JSON.parse((await signIn.storage('userDetails'))!).uploadedID).toBe(1);
  await page.goto('/validate-user?type=1');
  await expect(page.getByTestId('id-pending')).toBeVisible();
});

test('deleting an account asks once more, signs out and says when it goes; signing in again keeps it', async ({ page }) => {
  const signIn = new SignIn(page);
  await signIn.withPassword('reader@demo.edu', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/myAccount');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Delete your account? You will be signed out on every device.')).toBeVisible();
  await page.getByRole('button', { name: 'Keep my account' }).click();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('toast')).toContainText('Your account will be deleted on');
  expect(await signIn.cookie('isLoggedIn')).toBe('0');
  await signIn.withPassword('reader@demo.edu', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
});

test('institution sign-in through its OpenID provider links the reader to it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const signIn = new SignIn(page);
  await page.goto('/login');
  await page.getByTestId('sso-link').click();
  await expect(page).toHaveURL(/\/login\/sso$/);
  await expect(page.getByRole('button', { name: 'Demo University' })).toBeVisible();
  await screenshot(page, 'login-sso-360');
  await page.getByRole('button', { name: 'Demo University' }).click();

  // The provider's own screens (oidc-provider's development login and consent).
  await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${PORT + 1}/interaction/`));
  await page.locator('input[name="login"]').fill('ravi.menon@demo.edu');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(`${BASE}/`);
  expect(await signIn.storage('loginType')).toBe('sso');
  expect(JSON.parse((await signIn.storage('userDetails'))!)).toMatchObject({
    email: 'ravi.menon@demo.edu',
    firstName: 'Sam',
    libName: 'Demo University',
  });
  await expect(page.getByTestId('library-brand')).toBeVisible();
});

/** The provider's own screens (oidc-provider's development login and consent) as `login`. */
async function atProvider(page: import('@playwright/test').Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${PORT + 1}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('institution sign-in never opens an account it did not make: the reader signs in, links it in My Account, then it does', async ({
  page,
  browser,
}) => {
  // Three round trips through the identity provider and two more browsers.
  test.setTimeout(90_000);
  const email = `linker.${Date.now().toString(36)}@demo.edu`;
  // An account made with a code first (a new address at demo.edu joins Demo University).
  const signIn = new SignIn(page);
  await signIn.requestCode(email);
  await signIn.enterCode(await codeFor(email));
  await expect(page).toHaveURL(/\/update\/fullName$/);
  await page.getByLabel('Full Name').fill('Lina Kapoor');
  await page.getByLabel('Password', { exact: true }).fill('lina2026');
  await page.getByLabel('Confirm password').fill('lina2026');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, Lina!' })).toBeVisible();

  // Someone signing in through the institution as that address gets no way into it.
  const stranger = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto('/login/sso');
  await strangerPage.getByRole('button', { name: 'Demo University' }).click();
  await atProvider(strangerPage, email);
  await expect(strangerPage.getByRole('heading', { level: 1 })).toHaveText("That didn't work");
  await expect(strangerPage.getByText(`An account with ${email} already exists.`)).toBeVisible();
  await expect(strangerPage.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/login');
  await screenshot(strangerPage, 'login-sso-refused-360');
  await stranger.close();

  // The reader links it from My Account, signed in.
  await page.goto('/dashboard/myAccount');
  const links = page.getByTestId('sso-links');
  await expect(links).toContainText('Institution sign-in');
  await screenshotBoth(page, 'account-sso-link');
  await links.getByRole('button', { name: 'Link Demo University' }).click();
  await atProvider(page, email);
  await expect(page).toHaveURL(/\/dashboard\/myAccount$/);
  await expect(page.getByTestId('toast')).toContainText("Your account is now linked to your institution's sign-in.");
  await expect(page.getByTestId('sso-linked')).toContainText('Linked to Demo University sign-in on');
  await page.goto('/hi/dashboard/myAccount');
  await expect(page.getByTestId('sso-linked')).toContainText('Demo University के साइन-इन से जोड़ा गया');
  await screenshotBoth(page, 'account-sso-linked-hi');

  // Now the institution's sign-in opens this account.
  const later = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const laterPage = await later.newPage();
  await laterPage.goto('/login/sso');
  await laterPage.getByRole('button', { name: 'Demo University' }).click();
  await atProvider(laterPage, email);
  await expect(laterPage).toHaveURL(`${BASE}/`);
  expect(JSON.parse((await new SignIn(laterPage).storage('userDetails'))!)).toMatchObject({ email, firstName: 'Lina' });
  await later.close();
});

test('a stale institution sign-in answer says so and offers to try again', async ({ page }) => {
  await page.goto('/login/sso/success?code=made-up&state=made-up');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("That didn't work");
  await expect(page.getByText('Sign-in with your institution did not complete')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/login/sso');
});

test('a reader links a mobile number to the account with an SMS code', async ({ page }) => {
  const signIn = new SignIn(page);
  await signIn.withPassword('reader@demo.edu', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/myAccount');
  await page.getByRole('link', { name: 'Add mobile number' }).click();
  await expect(page).toHaveURL(/\/login\/linkmobile$/);
  await page.getByLabel('Mobile number', { exact: true }).fill('9988776655');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('OTP', { exact: true }).fill(await codeFor('+919988776655'));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myAccount$/);
  await expect(page.getByTestId('toast')).toHaveText('Updated successfully');
  await expect(page.getByText('+919988776655')).toBeVisible();
});
