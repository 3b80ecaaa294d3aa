// Home's first screen drawn by the server, in the app's own markup and classes: the intro and
// the first two shelves with their covers, for a visitor's first load. The covers are then in the
// page itself, so the browser fetches them at once and paints them before the app's code has
// arrived (the page's largest paint); the app renders the same screen over it
// (tests/e2e/first-load.spec.ts checks the two against each other) and takes over. Links work
// before that too: they are plain links.
import en from '../../../locales/en.json' with { type: 'json' };
import hi from '../../../locales/hi.json' with { type: 'json' };
import type { HomeResponse, MagazineCard } from '../../shared/schemas/content';
import { COVER_SIZES, coverSrcSet } from '../../shared/covers';
import { SCROLLER_ARROWS_MIN_ITEMS, type Locale } from '../../shared/constants';
import { EAGER_HOME_COVERS, FIRST_HOME_SHELVES, HOME_COVER_SHELVES, homeShelfNote } from '../../shared/home';
import { localePath } from '../../shared/locale-path';

const texts = { en, hi } as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function homeFirstScreen(data: HomeResponse, locale: Locale): string {
  const t = texts[locale];
  const to = (path: string) => escapeHtml(localePath(path, locale));
  const firstGold = HOME_COVER_SHELVES.findIndex(([key]) => data[key].some((m) => m.isGold));

  const card = (m: MagazineCard, eager: boolean) => {
    const name = escapeHtml(m.name);
    const srcSet = coverSrcSet(m.imageSrcSet);
    const cover = m.imageSrc
      ? `<img src="${escapeHtml(m.imageSrc)}"${srcSet ? ` srcset="${escapeHtml(srcSet)}"` : ''} sizes="${COVER_SIZES.shelf}" width="150" height="212" alt="${escapeHtml(t.card.cover.replace('{{name}}', m.name))}" loading="${eager ? 'eager' : 'lazy'}"${eager ? ' fetchpriority="high"' : ''} decoding="async">`
      : `<span class="cover-card__placeholder">${name}</span>`;
    const gold = m.isGold ? `<span class="badge badge--gold">${escapeHtml(t.card.gold)}</span>` : '';
    const issue = m.issueName ? `<span class="cover-card__issue">${escapeHtml(m.issueName)}</span>` : '';
    return `<a href="${to(m.browserLinkUrl)}" class="cover-card"><span class="cover-card__frame">${cover}${gold}</span><span class="cover-card__name">${name}</span>${issue}</a>`;
  };

  const shelves = HOME_COVER_SHELVES.map(([key, viewAll], i) => ({ key, viewAll, i }))
    .filter(({ key }) => data[key].length > 0)
    .slice(0, FIRST_HOME_SHELVES)
    .map(({ key, viewAll, i }) => {
      const items = data[key];
      const noteKey = homeShelfNote(key, i === firstGold);
      const note = noteKey && t.home[noteKey];
      const arrows = items.length >= SCROLLER_ARROWS_MIN_ITEMS ? '<span class="arrow"></span><span class="arrow"></span>' : '';
      return (
        `<section class="shelf shelf--covers" aria-labelledby="first-${key}-title">` +
        `<div class="shelf__head"><div><h2 id="first-${key}-title" class="shelf__title">${escapeHtml(t.home.sections[key])}</h2>` +
        (note ? `<p class="shelf__note">${escapeHtml(note)}</p>` : '') +
        `</div><div class="shelf__tools"><a class="shelf__all" href="${to(viewAll)}">${escapeHtml(t.home.viewAll)}</a>${arrows}</div></div>` +
        `<div class="shelf__track">${items.map((m, j) => card(m, i === 0 && j < EAGER_HOME_COVERS)).join('')}</div></section>`
      );
    });

  return (
    `<main id="main"><div class="home" data-first-screen="home">` +
    `<div class="home__intro"><h1 class="home__title">${escapeHtml(t.home.title)}</h1><p class="home__lede">${escapeHtml(t.home.intro)}</p>` +
    `<p class="claims">${escapeHtml(data.claims?.[locale] ?? '')}</p>` +
    `</div>` +
    `<p class="home__getin">${escapeHtml(t.home.getIn)} <a href="${to('/login')}">${escapeHtml(t.home.signIn)}</a></p>` +
    shelves.join('') +
    `</div></main>`
  );
}
