import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../testing/render';
import { watchDevanagari } from '../../lib/devanagari-font';
import { ContinueTile } from './ContinueTile';

// A started issue as the shelf keeps it: its words carry no language, as the shelf's answers
// and the device's records have none.
const started = (titleName: string, issueName: string) => ({
  issueId: 1640,
  mid: 164,
  titleName,
  issueName,
  pages: 12,
  page: 3,
  at: 1_764_000_000_000,
  imageSrc: null,
  imageSrcSet: null,
});

afterEach(() => document.documentElement.removeAttribute('data-devanagari'));

describe('continue tile', () => {
  it('gives a Devanagari title the font itself, so the page need not take it whole', () => {
    renderScreen(
      <>
        <ContinueTile item={started('नवभारत टाइम्स सप्ताह', 'अंक १२०')} onOpen={() => {}} place="shelf" />
        <ContinueTile item={started('Sport Times', 'Issue 12')} onOpen={() => {}} place="shelf" />
      </>,
    );
    const [hindi, english] = screen.getAllByTestId('continue-tile');
    const marked = (tile: HTMLElement) => [...tile.querySelectorAll('[data-devanagari]')].map((el) => el.textContent);
    // The name twice (the cover's placeholder and the caption), and the issue's name.
    expect(marked(hindi)).toEqual(['नवभारत टाइम्स सप्ताह', 'नवभारत टाइम्स सप्ताह', 'अंक १२०']);
    expect(marked(english)).toEqual([]);
    watchDevanagari();
    expect(document.documentElement.hasAttribute('data-devanagari')).toBe(false);
  });
});
