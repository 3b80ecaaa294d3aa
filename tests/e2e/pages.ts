// Page models for the screens the end-to-end tests drive.
import { expect, type Page } from '@playwright/test';

export class HomePage {
  constructor(readonly page: Page) {}
  async open(path = '/') {
    await this.page.goto(path);
    await expect(this.page.getByTestId('magazine-card').first()).toBeVisible();
  }
  section(id: string) {
    return this.page.getByTestId(`section-${id}`);
  }
  cards(id: string) {
    return this.section(id).getByTestId('magazine-card');
  }
}

export class SideMenu {
  constructor(readonly page: Page) {}
  dialog() {
    return this.page.getByRole('dialog');
  }
  async open() {
    await this.page.getByTestId('open-menu').click();
    await expect(this.dialog()).toBeVisible();
  }
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });
}

/** The sign-in screens. */
export class SignIn {
  constructor(readonly page: Page) {}
  async requestCode(email: string, path = '/login') {
    await this.page.goto(path);
    await this.page.getByLabel('Institution e-mail address').fill(email);
    await this.page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(this.page).toHaveURL(/\/login\/verify\/emailotp$/);
  }
  async enterCode(code: string) {
    await this.page.getByLabel('OTP', { exact: true }).fill(code);
    await this.page.getByRole('button', { name: 'Verify' }).click();
  }
  async withPassword(email: string, password: string) {
    await this.page.goto('/login/verify/password');
    await this.page.getByLabel('Institution e-mail address').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.locator('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  async cookie(name: string) {
    return (await this.page.context().cookies()).find((c) => c.name === name)?.value;
  }
  storage(key: string) {
    return this.page.evaluate((k) => localStorage.getItem(k), key);
  }
}
