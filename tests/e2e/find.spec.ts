// Finding a title by its name: the titles named lead the results, in English and
// Hindi, with the number of hits and "did you mean" for a near miss. Names are the 40-title
// demo library's own.
import { expect, test, type Page } from '@playwright/test';
import { screenshotBoth, signInQuickly } from './pages';

test.use({ serviceWorkers: 'block' });

async function member(page: Page) {
  await signInQuickly(page, 'reader@demo.edu', 'read2026', { home: false });
}

const titleCards = (page: Page) => page.getByTestId('section-search-titles').getByTestId('magazine-card');

async function searchFor(page: Page, text: string) {
  await page.getByTestId('search-input').fill(text);
  await expect(page.getByTestId('search-input')).toHaveValue(text);
}

test('a title named in full comes first, then names starting with the words; a near miss offers the name', async ({ page }) => {
  await member(page);
  await page.goto('/search');
  await searchFor(page, 'engineering');
  await expect(titleCards(page).first()).toContainText('Engineering Times');
  await expect(titleCards(page).nth(1)).toContainText('Prime Engineering Digest');
  await searchFor(page, 'the architecture review');
  await expect(titleCards(page).first()).toContainText('The Architecture Review');
  await expect(page.getByTestId('hit-count')).toHaveText(/^2 titles · \d+ issues with matching pages$/);
  await screenshotBoth(page, 'find-titles', { fullPage: false });

  await searchFor(page, 'Engineerign Times');
  await expect(page.getByTestId('no-results')).toContainText('No results found for “Engineerign Times”');
  await expect(page.getByTestId('did-you-mean')).toHaveText('Engineering Times');
  await screenshotBoth(page, 'find-did-you-mean', { fullPage: false });
  await page.getByTestId('did-you-mean').click();
  await expect(page.getByTestId('search-input')).toHaveValue('Engineering Times');
  await expect(titleCards(page).first()).toContainText('Engineering Times');
  await expect(titleCards(page)).toHaveCount(1);
});

test('Hindi titles are found by their full name and first word, in the Hindi interface', async ({ page }) => {
  await member(page);
  await page.goto('/hi/search');
  await searchFor(page, 'विज्ञान प्रगति');
  await expect(titleCards(page).first()).toContainText('विज्ञान प्रगति');
  await expect(page.getByTestId('hit-count')).toContainText('शीर्षक');
  await searchFor(page, 'भारत');
  await expect(titleCards(page).first()).toContainText('भारत दर्पण');
  await screenshotBoth(page, 'find-titles-hi', { fullPage: false });
  await searchFor(page, 'विज्ञान प्रगती');
  await expect(page.getByTestId('did-you-mean')).toHaveText('विज्ञान प्रगति');
  await page.getByTestId('did-you-mean').click();
  await expect(titleCards(page).first()).toContainText('विज्ञान प्रगति');
});
