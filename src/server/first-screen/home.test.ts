import { describe, expect, it } from 'vitest';
import { homeFirstScreen } from './home';
import type { HomeResponse, MagazineCard } from '../../shared/schemas/content';

const card = (over: Partial<MagazineCard>): MagazineCard =>
  ({
    mid: 1,
    name: 'A title',
    browserLinkUrl: '/magazine/1',
    imageSrc: '/media/a.webp',
    imageSrcSet: '/media/a.webp 1x, /media/b.webp 2x, /media/c.webp 3x',
    isGold: false,
    issueName: 'May 2026',
    ...over,
  }) as MagazineCard;

const homeWith = (mostPopular: MagazineCard[], featured: MagazineCard[] = []) =>
  ({ mostPopular, featured, international: [], topFree: [], newArrivals: [] }) as unknown as HomeResponse;

describe('homeFirstScreen', () => {
  it('escapes names, issue names and links', () => {
    const html = homeFirstScreen(
      homeWith([card({ name: '<img src=x onerror=alert(1)>"&', issueName: '</a><script>', browserLinkUrl: '/magazine/1"><b>' })]),
      'en',
    );
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('"><b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&amp;');
  });

  it('offers the covers by width with the shelf sizes, and a placeholder where there is no cover', () => {
    const html = homeFirstScreen(homeWith([card({}), card({ mid: 2, imageSrc: null, imageSrcSet: null, name: 'No cover' })]), 'en');
    expect(html).toContain('srcset="/media/a.webp 150w, /media/b.webp 300w, /media/c.webp 450w" sizes="(min-width: 720px) 158px, 138px"');
    expect(html).toContain('<span class="cover-card__placeholder">No cover</span>');
  });

  it('skips empty shelves, says the Gold note once and draws no more than two shelves', () => {
    const gold = [card({ isGold: true })];
    const html = homeFirstScreen({ ...homeWith([], gold), international: gold, topFree: gold } as HomeResponse, 'en');
    expect(html).not.toContain('Most Popular');
    expect(html.match(/★ Gold/g)).toHaveLength(1);
    expect(html).toContain('International');
    expect(html).not.toContain('Top Free');
  });
});

describe('homeFirstScreen in Hindi', () => {
  it('uses the Hindi texts and links', () => {
    const html = homeFirstScreen(homeWith([card({})]), 'hi');
    expect(html).toContain('आज का न्यूज़स्टैंड');
    expect(html).toContain('href="/hi/magazines/BS/hi"');
    expect(html).toContain('href="/hi/magazine/1"');
  });
});
