// The search overlay: who may open it, the empty state, magazines with Discover, stories,
// paging, no results, recent searches.
import { expect, test, type Page } from '@playwright/test';
import { screenshot, screenshotBoth, signInQuickly } from './pages';

test.use({ serviceWorkers: 'block' });

async function member(page: Page) {
  await signInQuickly(page, 'reader@demo.edu', 'read2026');
}

test('the search button opens search only for a signed-in member; others go to sign in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await member(page);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByTestId('search-input')).toHaveAttribute('placeholder', 'Search Magazines, Newspapers, Journals');
  await expect(page.getByTestId('section-search-languages')).toBeVisible();
  await expect(page.getByTestId('section-search-magazines')).toBeVisible();
  await expect(page.getByTestId('section-search-categories')).toBeVisible();
  await screenshot(page, 'search-empty-1280');
});

test('magazine results with Discover: snippets, page chips, Read More; stories tab; no results; recent searches', async ({
  page,
  request,
}) => {
  await member(page);
  await page.goto('/search');
  const word = 'campus';
  const api = await (await request.get(`/content/mag-search?q=${word}&p=0&edzLibId=1`)).json();
  expect(api.nbHits).toBeGreaterThan(0);
  await page.getByTestId('search-input').fill(word);
  const tiles = page.getByTestId('discover-tile');
  await expect(tiles.first()).toBeVisible();
  await expect(tiles.first().getByTestId('snippet').locator('mark').first()).toHaveText(new RegExp(word, 'i'));
  await tiles.first().getByTestId('discover-more').click();
  const chips = tiles.first().getByTestId('page-chip');
  await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
  if ((await chips.count()) > 1) {
    const before = await tiles.first().getByTestId('snippet').innerText();
    await chips.nth(1).click();
    await expect(chips.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(tiles.first().getByTestId('snippet')).not.toHaveText(before);
  }
  await screenshot(page, 'search-results-1280');
  // Read More opens the issue in the reader, at the selected page.
  const chosen = Number(/\d+/.exec(await chips.and(page.locator('[aria-pressed="true"]')).innerText())![0]);
  const [reader] = await Promise.all([page.context().waitForEvent('page'), tiles.first().getByTestId('read-more').click()]);
  await expect(reader).toHaveURL(/\/reader\/\d+\?edz=1#page\/\d+$/);
  // (on this wide screen the chosen page may be the right half of a spread, whose first page the URL names)
  await expect
    .poll(() =>
      reader.locator('img.reader__page--shown').evaluateAll((imgs) => imgs.map((i) => Number((i as HTMLImageElement).dataset.page))),
    )
    .toContain(chosen);
  await reader.close();

  await page.getByTestId('tab-1').click();
  await expect(page.getByTestId('tab-1')).toHaveAttribute('aria-selected', 'true');
  const stories = await (await request.get(`/content/article-search?query=${word}`)).json();
  if (stories.nbHits > 0) await expect(page.getByTestId('search-results').getByTestId('story-card').first()).toBeVisible();
  else await expect(page.getByTestId('no-results')).toBeVisible();

  await page.getByTestId('search-input').fill('zzqxjv');
  await expect(page.getByTestId('no-results').locator('p').first()).toHaveText('No results found for “zzqxjv”');
  await page.getByTestId('search-input').fill('');
  await expect(page.getByTestId('recent-searches')).toContainText(word);
  await page.getByTestId('recent-searches').getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByTestId('recent-searches')).toHaveCount(0);
});

test('a stale answer never replaces a newer one', async ({ page }) => {
  await member(page);
  await page.route('**/content/mag-search?q=slow*', async (route) => {
    await new Promise((r) => setTimeout(r, 2500));
    await route.continue();
  });
  await page.goto('/search');
  await page.getByTestId('search-input').fill('slow');
  await page.waitForTimeout(500);
  await page.getByTestId('search-input').fill('campus');
  await expect(page.getByTestId('discover-tile').first()).toBeVisible();
  const shown = await page.getByTestId('discover-tile').count();
  await page.waitForTimeout(2600);
  await expect(page.getByTestId('discover-tile')).toHaveCount(shown);
  await expect(page.getByTestId('search-input')).toHaveValue('campus');
});

test('a search with no results records an event', async ({ page }) => {
  await member(page);
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/events') && r.method() === 'POST');
  await page.goto('/search');
  await page.getByTestId('search-input').fill('qqxyzzv');
  const req = await posted;
  expect(req.postDataJSON()).toEqual({ kind: 'search_no_results', detail: 'qqxyzzv', mode: 0 });
  expect((await (await req.response())!.json()).status).toBe(1);
});

test('no dead ends, on a phone: a misspelt word offers the word, no results offers popular titles and browsing, filters live in the URL', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await member(page);
  await page.goto('/search');
  await page.getByTestId('search-input').fill('libary');
  await expect(page.getByTestId('no-results').locator('p').first()).toHaveText('No results found for “libary”');
  await expect(page.getByTestId('did-you-mean')).toHaveText('library');
  await expect(page.getByTestId('section-search-popular').getByTestId('magazine-card').first()).toBeVisible();
  await expect(page.getByTestId('browse-links').getByRole('link', { name: 'Magazines' })).toHaveAttribute('href', '/magazines/BS');
  await screenshotBoth(page, 'search-did-you-mean', { fullPage: false });
  await page.getByTestId('did-you-mean').click();
  await expect(page.getByTestId('search-input')).toHaveValue('library');
  await expect(page.getByTestId('discover-tile').first()).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=library(&|$)/);

  // A filter narrows the results and is a step in the history.
  const all = (await (await request.get('/content/mag-search?q=library')).json()).nbHits as number;
  const papers = (await (await request.get('/content/mag-search?q=library&type=newspaper')).json()).nbHits as number;
  expect(papers).toBeLessThan(all);
  await expect(page.getByTestId('hit-count')).toContainText(`${all} issue`);
  await page.getByTestId('filter-type').selectOption('newspaper');
  await expect(page).toHaveURL(/type=newspaper/);
  await expect(page.getByTestId('hit-count').or(page.getByTestId('no-results'))).toContainText(papers ? `${papers} issue` : 'No results');
  await page.goBack();
  await expect(page).not.toHaveURL(/type=/);
  await expect(page.getByTestId('filter-type')).toHaveValue('');
  await expect(page.getByTestId('hit-count')).toContainText(`${all} issue`);
  await page.goForward();
  await expect(page.getByTestId('filter-type')).toHaveValue('newspaper');
  await expect(page.getByTestId('search-input')).toHaveValue('library');

  // One title is "1 title"; the same screen in Hindi.
  await page.goto('/search?q=Engineering%20Times');
  await expect(page.getByTestId('hit-count')).toHaveText(/^1 title · \d+ issues? with matching pages$/);
  await page.goto('/hi/search?q=libary');
  await expect(page.getByTestId('did-you-mean')).toHaveText('library');
  await expect(page.getByTestId('browse-links')).toContainText('ब्राउज़ करें');
  await screenshotBoth(page, 'search-did-you-mean-hi', { fullPage: false });
});
