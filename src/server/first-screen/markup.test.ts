import { describe, expect, it } from 'vitest';
import { textsOf } from './markup';
import { listingFirstScreen, type ListingData } from './listing';
import { titleFirstScreen, type TitleData } from './title';

describe('textsOf', () => {
  it('words plurals by the locale and fills in values', () => {
    const { t } = textsOf('en');
    expect(t('listing.count', { count: 1 })).toBe('1 title');
    expect(t('listing.count', { count: 36 })).toBe('36 titles');
    expect(t('card.cover', { name: 'Boating Today' })).toBe('Cover of Boating Today');
  });

  it('reads the screens’ texts too, Hindi first and English where Hindi has none', () => {
    const { t, has } = textsOf('hi');
    expect(t('listing.count', { count: 3 })).toBe('3 शीर्षक');
    expect(has('title.frequencies.Monthly')).toBe(true);
    expect(has('title.frequencies.Every leap year')).toBe(false);
  });
});

const hostile = '<img src=x onerror=alert(1)>';

describe('listingFirstScreen', () => {
  it('escapes names and marks the chosen category', () => {
    const data = {
      list: {
        magazineList: [{ mid: 1, name: hostile, browserLinkUrl: '/magazine/1', imageSrc: null, imageSrcSet: null, isGold: false }],
        nbHits: 1,
      },
      categories: { popularCat: [{ catId: 7, name: hostile, nameHi: null }] },
      languages: { languages: [{ lang_code: 'en', _lang: 'English', nativeName: 'English' }] },
    } as unknown as ListingData;
    const html = listingFirstScreen('7', data, 'en');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<h1 class="listing__title">&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(html).toContain('<option value="7" selected>');
    expect(html).toContain('1 title<');
  });
});

describe('titleFirstScreen', () => {
  it('escapes the title’s texts and draws no shelf for no issues', () => {
    const data = {
      meta: {
        mid: 5,
        name: 'A "Title"',
        type: 'magazine',
        isGold: false,
        description: hostile,
        publisher: hostile,
        catId: 3,
        categoryName: 'News',
        categoryNameHi: null,
        languageName: 'English',
        languageNativeName: 'English',
        frequency: 'Monthly',
        latestIssue: null,
        otherEditions: [],
        blockedCountries: [],
      },
      recent: { edt_details: [] },
      special: { edt_details: [] },
    } as unknown as TitleData;
    const html = titleFirstScreen(data, 'en');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('A &quot;Title&quot;');
    expect(html).toContain('<dd>Monthly</dd>');
    expect(html).not.toContain('class="shelf');
    expect(html).not.toContain('read-now');
  });
});
