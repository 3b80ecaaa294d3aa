import { afterEach, describe, expect, it } from 'vitest';
import { watchDevanagari } from './devanagari-font';

const html = document.documentElement;
const wholePage = () => html.hasAttribute('data-devanagari');
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  html.removeAttribute('data-devanagari');
  document.body.innerHTML = '';
});

describe('the page takes the Devanagari font whole', () => {
  it('not for Devanagari that says its language, nor for a picker’s', async () => {
    document.body.innerHTML =
      '<a><span lang="hi">नवभारत टाइम्स</span></a><select><option>हिन्दी (Hindi)</option></select><h3 data-devanagari="">पुस्तकालय <b>क्षेत्र</b></h3>';
    watchDevanagari();
    const later = document.createElement('p');
    later.innerHTML = '<span lang="mr">लोकसत्ता</span> and English <i lang="hi"><b lang="en">Sport अंक</b></i>';
    document.body.append(later);
    await settled();
    expect(wholePage()).toBe(false);
  });

  it('when the first screen already shows Devanagari that does not', () => {
    document.body.innerHTML = '<header><span>केंद्रीय पुस्तकालय</span></header>';
    watchDevanagari();
    expect(wholePage()).toBe(true);
  });

  it('when such text is added later, or a text changes to it', async () => {
    document.body.innerHTML = '<main><p id="p">Stories</p></main>';
    watchDevanagari();
    document.getElementById('p')!.append(document.createElement('b'));
    await settled();
    expect(wholePage()).toBe(false);
    document.getElementById('p')!.firstChild!.textContent = 'कहानियाँ';
    await settled();
    expect(wholePage()).toBe(true);
  });

  it('when a reader types Devanagari into a field', async () => {
    document.body.innerHTML = '<input id="q">';
    watchDevanagari();
    const field = document.getElementById('q') as HTMLInputElement;
    field.value = 'sport';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(wholePage()).toBe(false);
    field.value = 'खेल';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(wholePage()).toBe(true);
  });
});
