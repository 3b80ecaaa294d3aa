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
