import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVANAGARI_LANGUAGES, devanagariMark, isDevanagariLanguage, unmarkedDevanagari } from './devanagari-font';

describe('unmarkedDevanagari: Devanagari text in drawn markup without the font', () => {
  it('finds none in a page without Devanagari, or with it only where its language is said', () => {
    expect(unmarkedDevanagari('<main><h1>Home</h1><p>English only</p></main>')).toBe(false);
    expect(unmarkedDevanagari('<a><span lang="hi">नवभारत टाइम्स</span><span lang="en">Sport Times</span></a>')).toBe(false);
    expect(unmarkedDevanagari('<p lang="mr-IN">लोकसत्ता</p>')).toBe(false);
    // an element in another language inside one in Hindi has the font from its stack
    expect(unmarkedDevanagari('<div lang="hi"><span lang="en">Sport <b>अंक</b></span></div>')).toBe(false);
    // pickers and fields have it whatever their language
    expect(unmarkedDevanagari('<select><option value="hi">हिन्दी (Hindi)</option></select>')).toBe(false);
    // an attribute is not drawn in the page's fonts
    expect(unmarkedDevanagari('<img alt="नवभारत का आवरण" src="/c.webp"><p title="हिन्दी">x</p>')).toBe(false);
    // text of no known language, marked because it is Devanagari
    expect(unmarkedDevanagari('<li><strong data-devanagari="">केंद्रीय पुस्तकालय</strong> 12 pages</li>')).toBe(false);
  });

  it('finds Devanagari outside, before, after or between marked elements', () => {
    expect(unmarkedDevanagari('<header><span class="brand">केंद्रीय पुस्तकालय</span></header>')).toBe(true);
    expect(unmarkedDevanagari('<p>कहानी<span lang="hi">अंक</span></p>')).toBe(true);
    expect(unmarkedDevanagari('<p><span lang="hi">अंक</span> · १२</p>')).toBe(true);
    expect(unmarkedDevanagari('<p><span lang="hi">अंक</span></p><p>कहानी</p>')).toBe(true);
    expect(unmarkedDevanagari('<p lang="en">Times of India: टाइम्स</p>')).toBe(true);
    expect(unmarkedDevanagari('<p lang="ta">தமிழ் and हिन्दी</p>')).toBe(true);
    expect(unmarkedDevanagari('<p data-devanagari-x="">कहानी</p>')).toBe(true);
  });

  it('keeps its place past void elements, self-closed SVG and attributes holding ">"', () => {
    expect(unmarkedDevanagari('<div lang="hi"><img src="a.webp" alt="x > y"><br><input value="1"></div><p>कहानी</p>')).toBe(true);
    expect(unmarkedDevanagari('<div lang="hi"><img src="a.webp"><svg><path d="M0 0"/></svg>अंक</div>')).toBe(false);
    expect(unmarkedDevanagari('<div lang="hi" data-x="a>b">अंक</div>')).toBe(false);
  });
});

describe('devanagariMark: the font for text of no known language', () => {
  it('marks Devanagari text, and nothing else', () => {
    expect(devanagariMark('केंद्रीय पुस्तकालय')).toEqual({ 'data-devanagari': '' });
    expect(devanagariMark('Library of नवभारत')).toEqual({ 'data-devanagari': '' });
    expect(devanagariMark('Central Library')).toEqual({});
    expect(devanagariMark('')).toEqual({});
    expect(devanagariMark(null)).toEqual({});
  });
});

describe('the languages written in Devanagari', () => {
  it('are named with or without a region', () => {
    expect(isDevanagariLanguage('hi')).toBe(true);
    expect(isDevanagariLanguage('HI-in')).toBe(true);
    expect(isDevanagariLanguage('en')).toBe(false);
    expect(isDevanagariLanguage('hil')).toBe(false);
  });

  it('each have the font in the stylesheet', () => {
    const css = fs.readFileSync(new URL('../app/styles.css', import.meta.url), 'utf8');
    for (const code of DEVANAGARI_LANGUAGES) expect(css).toContain(`[lang|='${code}']`);
  });
});
