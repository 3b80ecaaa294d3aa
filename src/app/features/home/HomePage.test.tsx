import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { fakeFetch, renderScreen } from '../../testing/render';
import type { HomeResponse } from '../../../shared/schemas/content';
import { FIRST_HOME_SHELVES } from '../../../shared/home';
import HomePage from './HomePage';

const card = (mid: number) => ({
  mid,
  name: `Title ${mid}`,
  key: `title-${mid}`,
  type: 'magazine' as const,
  catId: 1,
  lang: 'en',
  isGold: false,
  issueId: mid * 10,
  issueName: 'May 2026',
  pubDate: '2026-05-01',
  imgPath: null,
  imageSrc: null,
  imageSrcSet: null,
  browserLinkUrl: `/magazine/${mid}-Title-${mid}`,
});
const cards = (from: number) => Array.from({ length: 12 }, (_, i) => card(from + i));

/** A home answer with every shelf in it: five of covers, categories, languages, popular titles
 * and cover stories (journals show only to an institution's readers). */
const home: HomeResponse = {
  mostPopular: cards(100),
  featured: cards(200),
  international: cards(300),
  topFree: cards(400),
  newArrivals: cards(500),
  popularCategories: [1, 2, 3].map((catId) => ({
    catId,
    name: `Category ${catId}`,
    nameHi: null,
    slugData: `category-${catId}`,
    imgPath: null,
    is_fav: false,
    browserLinkUrl: `/magazines/${catId}`,
    appLinkUrl: `https://lectern.test/magazines/${catId}`,
  })),
  popularLanguages: [
    { lang_code: 'hi', _lang: 'Hindi', nativeName: 'हिन्दी', store_id: 1, browserLinkUrl: '/magazines/BS/hi', appLinkUrl: 'x' },
  ],
  popularMagazines: cards(600),
  popularJournals: [],
  coverStories: [1, 2].map((n) => ({
    title: `Story ${n}`,
    subTitle: '',
    shortDesc: '',
    issueName: null,
    magName: null,
    imgPath: null,
    readTime: 120,
    isNews: false,
    publishedAt: '2026-05-01T00:00:00Z',
    category: 'culture',
    lang: 'en',
    browserLinkUrl: `/stories/story-${n}`,
    appLinkUrl: 'x',
  })),
};
const SHELVES = 9;

describe('home', () => {
  it('draws its top shelves first, then one shelf more in each commit, up to all of them', async () => {
    vi.stubGlobal('fetch', fakeFetch(() => ({ body: home })).fetch);
    // The shelves in the page at each commit of the screen.
    const counts: number[] = [];
    const shelves = () => document.querySelectorAll('section.shelf:not([data-testid="skeleton"])').length;
    renderScreen(
      <Profiler id="home" onRender={() => counts.push(shelves())}>
        <HomePage />
      </Profiler>,
    );
    await waitFor(() => expect(shelves()).toBe(SHELVES));
    const drawn = counts.filter((n, i) => n > 0 && n !== counts[i - 1]);
    expect(drawn[0]).toBe(FIRST_HOME_SHELVES);
    expect(drawn).toEqual(Array.from({ length: SHELVES - FIRST_HOME_SHELVES + 1 }, (_, i) => FIRST_HOME_SHELVES + i));
  });
});
