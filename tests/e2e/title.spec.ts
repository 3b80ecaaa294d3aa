// Title and issue pages against the demo library: details, issues, special issues, related
// titles, the date-range filter, the country block, unknown ids.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { screenshot } from './pages';

test.use({ serviceWorkers: 'block' });

async function findMid(request: APIRequestContext, test: (mid: number) => Promise<boolean>): Promise<number> {
  for (let mid = 1; mid <= 60; mid++) if (await test(mid)) return mid;
  throw new Error('no such title in the demo library');
}

test('a title from the home page: details, issues, choosing an issue, related titles', async ({ page, request }) => {
  await page.goto('/');
  const card = page.getByTestId('section-mostPopular').getByTestId('magazine-card').first();
  // (textContent: a card off screen skips rendering, content-visibility, and has no innerText yet)
  const name = (await card.locator('.cover-card__name').textContent())!.trim();
  await card.click();
  await expect(page).toHaveURL(/\/magazine\/\d+-[^/]+$/);
  const mid = parseInt(new URL(page.url()).pathname.split('/')[2], 10);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const meta = await (await request.get(`/content/magMeta?mid=${mid}`)).json();
  for (const text of [meta.publisher, meta.categoryName, meta.languageName, meta.frequency])
    await expect(page.locator('.title-details')).toContainText(text);
  await expect(page.getByTestId('current-issue')).toContainText(meta.latestIssue.issueName);

  const issues = (await (await request.get(`/content/getIssuesByMag?mid=${mid}`)).json()).edt_details.filter(
    (i: { isSpecial: boolean }) => !i.isSpecial,
  );
  const recent = page.getByTestId('section-recent-issues').getByTestId('issue-card');
  await expect(recent).toHaveCount(issues.length);
  await recent.last().click();
  await expect(page).toHaveURL(new RegExp(`/magazine/${mid}-[^/]+/${issues.at(-1).issueId}$`));
  await expect(page.getByTestId('current-issue')).toContainText(issues.at(-1).issueName);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'title-1280');
  const related = await (await request.get(`/content/magazine-related?mid=${mid}`)).json();
  expect(related.magazineList).toHaveLength(5);
  await expect(page.getByTestId('related').getByTestId('magazine-card')).toHaveCount(5);
  await expect(page.getByTestId('related').getByTestId('magazine-card').first()).toContainText(related.magazineList[0].name);
  await page.getByTestId('related-more').click();
  const next = await (await request.get(`/content/magazine-related?mid=${mid}&page=1`)).json();
  await expect(page.getByTestId('related').getByTestId('magazine-card').first()).toContainText(next.magazineList[0].name);
});

test('special issues, and the date-range filter with its empty range', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const mid = await findMid(
    request,
    async (m) => (await (await request.get(`/content/getIssuesByMag?mid=${m}&isSpecialIssue=1`)).json()).edt_details?.length > 0,
  );
  await page.goto(`/magazine/${mid}`);
  await expect(page.getByTestId('section-special-issues').getByTestId('issue-card')).not.toHaveCount(0);

  await page.getByTestId('filter-issues').click();
  await page.getByRole('button', { name: 'View Issues' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose both dates.');
  await page.getByLabel('From: Choose Date').fill('2020-01-01');
  await page.getByLabel('To: Choose Date').fill('2030-12-31');
  await page.getByRole('button', { name: 'View Issues' }).click();
  const all = await (await request.get(`/content/issues-search?mid=${mid}&st_d=2020-01-01&en_d=2030-12-31`)).json();
  await expect(page.getByTestId('range-results').getByTestId('issue-card')).toHaveCount(all.edt_details.length);
  await screenshot(page, 'title-range-360');
  await page.getByTestId('adjust-dates').click();
  await page.getByLabel('From: Choose Date').fill('2001-01-01');
  await page.getByLabel('To: Choose Date').fill('2001-12-31');
  await page.getByRole('button', { name: 'View Issues' }).click();
  await expect(page.getByTestId('range-empty')).toHaveText('No issues found for this range');
});

test("a title blocked in the reader's country says so and shows nothing else", async ({ page, request }) => {
  const mid = await findMid(request, async (m) => {
    const res = await request.get(`/content/magMeta?mid=${m}`);
    return res.ok() && (await res.json()).blockedCountries.includes('IN');
  });
  await page.goto(`/magazine/${mid}`);
  await expect(page.getByTestId('blocked')).toHaveText('Oops! This magazine is blocked for your country .');
  await expect(page.getByTestId('issue-card')).toHaveCount(0);
});

test('unknown titles and issues of another title are not found; Hindi labels', async ({ page, request }) => {
  await page.goto('/magazine/999999');
  await expect(page.getByTestId('not-found')).toBeVisible();
  const first = (await (await request.get('/content/getIssuesByMag?mid=1')).json()).edt_details[0];
  await page.goto(`/magazine/2/${first.issueId}`);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.goto('/hi/magazine/1');
  await expect(page.locator('.title-details')).toContainText('प्रकाशक');
  await expect(page.getByRole('button', { name: 'अंक छाँटें' })).toBeVisible();
});

test('favourites: signing in from a title comes back to it; the toggle, its toasts and My Favorites', async ({ page }) => {
  await page.goto('/magazine/3');
  const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  await page.getByRole('button', { name: 'Add to My Favorites' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fmagazine%2F3-[^&]+$/);
  await page.getByRole('button', { name: 'Sign in with a password instead' }).click();
  // The sign-in screen stays until the password screen's code is in; both have an e-mail field.
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Institution e-mail address').fill('reader@demo.edu');
  await page.getByLabel('Password', { exact: true }).fill('read2026');
  await page.locator('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/magazine\/3-[^/]+$/);

  const toggle = page.getByTestId('favourite-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(page.getByTestId('toast')).toHaveText('Added to My Favorites');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // (other specs sharing the server may have left favourites of this reader: only ours counts)
  const ours = page.getByTestId('favourites-grid').getByTestId('magazine-card').filter({ hasText: name });
  await page.goto('/dashboard/myFavorites');
  await expect(ours).toHaveCount(1);
  await screenshot(page, 'favourites-1280');
  await page.goto('/magazine/3');
  await page.getByTestId('favourite-toggle').click();
  await expect(page.getByTestId('toast')).toHaveText('Removed from My Favorites');
  await page.goto('/dashboard/myFavorites');
  await expect(page.getByTestId('favourites-grid').or(page.getByTestId('no-favourites')).first()).toBeVisible();
  await expect(ours).toHaveCount(0);
});
