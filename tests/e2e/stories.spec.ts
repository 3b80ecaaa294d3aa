// Stories: the category listing with the spec's labels, the story page with its tools (speech
// and translation stubbed so the test decides what the browser offers), article details.
import { expect, test } from '@playwright/test';
import { screenshot } from './pages';

test.use({ serviceWorkers: 'block' });

const readTime = (s: number) => {
  const m = Math.max(1, Math.round(s / 60));
  return m > 10 ? '10+ mins' : m === 1 ? '1 min' : `${m} mins`;
};

test('cover stories list with read-time labels; chips switch category', async ({ page, request }) => {
  const data = await (await request.get('/content/stories?category=Cover-Stories')).json();
  await page.goto('/stories/category/Cover-Stories/sec_60');
  await expect(page.getByTestId('stories-title')).toHaveText('Cover Stories');
  await expect(page.getByTestId('active-page')).toHaveText('Stories Listing Page');
  const cards = page.getByTestId('story-grid').getByTestId('story-card');
  await expect(cards).toHaveCount(data.items.length);
  const first = data.items.find((s: { isNews: boolean }) => !s.isNews);
  await expect(cards.filter({ hasText: first.title }).first().locator('.story-card__meta')).toHaveText(readTime(first.readTime));
  await screenshot(page, 'stories-1280');
  await page.getByRole('navigation', { name: 'Story categories' }).getByRole('link', { name: 'Latest' }).click();
  await expect(page).toHaveURL(/\/stories\/category\/Latest\/sec_60$/);
  await expect(page.getByTestId('stories-title')).toHaveText('Latest');
});

test('a story: text size remembered, Listen and Pause with a voice, no Translate without a translator', async ({ page, request }) => {
  await page.addInitScript(() => {
    delete (globalThis as { Translator?: unknown }).Translator;
    const spoken: string[] = [];
    (window as unknown as { spoken: string[] }).spoken = spoken;
    const fake = {
      getVoices: () => [{ lang: 'en-US', name: 'Test voice', default: true, localService: true, voiceURI: 'test' }],
      speak: (u: SpeechSynthesisUtterance) => spoken.push(u.text),
      pause: () => spoken.push('paused'),
      resume: () => spoken.push('resumed'),
      cancel: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
    Object.defineProperty(window, 'speechSynthesis', { value: fake, configurable: true });
    // A real utterance only takes a real voice object; this one takes the fake.
    (window as unknown as { SpeechSynthesisUtterance: unknown }).SpeechSynthesisUtterance = class {
      lang = '';
      voice: unknown = null;
      onend: (() => void) | null = null;
      constructor(public text: string) {}
    };
  });
  await page.setViewportSize({ width: 360, height: 800 });
  const data = await (await request.get('/content/stories?category=Cover-Stories')).json();
  const story = await (await request.get(`/content/story?url=${data.items[0].browserLinkUrl.slice('/stories/'.length)}`)).json();
  await page.goto(data.items[0].browserLinkUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(story.title);
  await expect(page.getByTestId('story-body').locator('p')).toHaveCount(story.paragraphs.length);

  const body = page.getByTestId('story-body');
  const before = await body.evaluate((el) => getComputedStyle(el).fontSize);
  await page.getByTestId('font-larger').click();
  await expect.poll(() => body.evaluate((el) => getComputedStyle(el).fontSize)).not.toBe(before);
  const larger = await body.evaluate((el) => getComputedStyle(el).fontSize);
  await page.reload();
  await expect.poll(() => page.getByTestId('story-body').evaluate((el) => getComputedStyle(el).fontSize)).toBe(larger);

  await expect(page.getByTestId('translate')).toHaveCount(0);
  if (story.lang === 'en') {
    await page.getByTestId('listen').click();
    await expect(page.getByTestId('listen')).toHaveText('Pause');
    await page.getByTestId('listen').click();
    await expect(page.getByTestId('listen')).toHaveText('Resume');
    const spoken = await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);
    expect(spoken[0]).toContain(story.title);
    expect(spoken[1]).toBe('paused');
  }
  await screenshot(page, 'story-360');
});

test('Translate shows only with an on-device translator, and translates the story into the page language', async ({ page, request }) => {
  const cover = (await (await request.get('/content/stories?category=Cover-Stories&page=0')).json()).items;
  const all = [...cover, ...(await (await request.get('/content/stories?category=Latest')).json()).items];
  let target: { browserLinkUrl: string } | undefined;
  for (const s of all) {
    const st = await (await request.get(`/content/story?url=${s.browserLinkUrl.slice(9)}`)).json();
    if (st.lang === 'hi') {
      target = s;
      break;
    }
  }
  expect(target, 'the demo library has a Hindi story').toBeDefined();
  await page.addInitScript(() => {
    (globalThis as { Translator?: unknown }).Translator = {
      availability: async () => 'available',
      create: async () => ({ translate: async (text: string) => `EN: ${text.slice(0, 20)}` }),
    };
  });
  await page.goto(target!.browserLinkUrl);
  await page.getByTestId('translate').click();
  await expect(page.getByTestId('story-body').locator('p').first()).toHaveText(/^EN: /);
  await page.getByTestId('translate').click();
  await expect(page.getByTestId('story-body').locator('p').first()).not.toHaveText(/^EN: /);
});

test('article details opens the same story; an unknown story is not found; Hindi labels', async ({ page, request }) => {
  const data = await (await request.get('/content/stories?category=Cover-Stories')).json();
  const url = data.items[0].browserLinkUrl.slice('/stories/'.length);
  await page.goto(`/article/details?category=Cover-Stories&magazineName=x&articleName=y&articleUrl=${url}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.items[0].title);
  await page.goto('/stories/not-a-story');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.goto('/hi/stories/category/Cover-Stories/sec_60');
  await expect(page.getByTestId('stories-title')).toHaveText('कवर स्टोरी');
});
