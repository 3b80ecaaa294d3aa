import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../testing/render';
import { MagazineTile } from './Tiles';

const hindiTitle = {
  mid: 164,
  name: 'नवभारत टाइम्स सप्ताह',
  key: 'navbharat-times-saptah',
  type: 'magazine' as const,
  catId: 1,
  lang: 'hi',
  isGold: true,
  issueId: 1640,
  issueName: 'अंक १२०',
  pubDate: '2026-11-01',
  imgPath: null,
  imageSrc: null,
  imageSrcSet: null,
  browserLinkUrl: '/magazine/164-नवभारत-टाइम्स-सप्ताह',
};

describe('magazine tile', () => {
  it("marks the title's own words with its language, and leaves the app's words in the page's", () => {
    renderScreen(<MagazineTile m={hindiTitle} />);
    const card = screen.getByTestId('magazine-card');
    // The name twice (the cover's placeholder and the caption), and the issue's name.
    const marked = [...card.querySelectorAll('[lang]')].map((el) => [el.getAttribute('lang'), el.textContent]);
    expect(marked).toEqual([
      ['hi', hindiTitle.name],
      ['hi', hindiTitle.name],
      ['hi', hindiTitle.issueName],
    ]);
    expect(card.hasAttribute('lang')).toBe(false);
    expect(screen.getByText('Gold').closest('[lang]')).toBe(document.documentElement);
  });
});
