// Accessibility: axe-core's WCAG 2.2 AA rules on the main screens at phone and desktop widths.
// A serious or critical violation fails the test, printed with its rule, targets and summary.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { screenshot, signInQuickly } from './pages';

test.use({ serviceWorkers: 'block' });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
// WCAG 2.5.3 (label in name) is an experimental rule in axe, off unless asked for; Lighthouse runs it.
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

/** Each screen with what shows it is ready to check. */
const SCREENS: { name: string; open: (page: Page) => Promise<void> }[] = [
  { name: 'home', open: (page) => openWithCards(page, '/') },
  { name: 'listing', open: (page) => openWithCards(page, '/magazines/BS') },
  {
    name: 'title',
    open: async (page) => {
      await openWithCards(page, '/');
      await page.getByTestId('section-mostPopular').getByTestId('magazine-card').first().click();
      await expect(page).toHaveURL(/\/magazine\/\d+-[^/]+$/);
      await expect(page.getByTestId('current-issue')).toBeVisible();
    },
  },
  {
    name: 'login',
    open: async (page) => {
      await page.goto('/login');
      await expect(page.getByLabel('Institution e-mail address')).toBeVisible();
    },
  },
  {
    name: 'contact',
    open: async (page) => {
      await page.goto('/contact-us');
      await expect(page.locator('main form')).toBeVisible();
    },
  },
  { name: 'home-hi', open: (page) => openWithCards(page, '/hi/') },
  {
    // Signed in: My Shelf, with the phone's tab bar on narrow screens.
    name: 'my-shelf',
    open: async (page) => {
      await signInQuickly(page, 'reader@demo.edu', 'read2026', { home: false });
      await page.goto('/shelf');
      await expect(page.getByTestId('shelf-favourites')).toBeVisible();
      if (page.viewportSize()!.width < 720) await expect(page.getByTestId('tab-bar')).toBeVisible();
    },
  },
];

async function openWithCards(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('magazine-card').first()).toBeVisible();
}

for (const width of [360, 1280]) {
  for (const screen of SCREENS) {
    test(`${screen.name} at ${width}px has no serious or critical WCAG 2.2 AA violation`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await screen.open(page);
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, `a11y-${screen.name}-${width}`);
      const { violations } = await new AxeBuilder({ page })
        .options({ runOnly: { type: 'tag', values: TAGS }, rules: EXTRA_RULES })
        .analyze();
      const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const report = bad
        .map((v) => {
          const nodes = v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replaceAll('\n', '\n      ')}`);
          return `${v.id} (${v.impact}, ${v.nodes.length}): ${v.help}\n${nodes.join('\n')}`;
        })
        .join('\n\n');
      expect(bad, `${bad.length} serious or critical violations:\n${report}`).toEqual([]);
    });
  }
}
