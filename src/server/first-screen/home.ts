// Home's first screen drawn by the server: the intro and the first two shelves with their covers,
// for a visitor's first load. The covers are then in the page itself, so the browser fetches them
// at once and paints them before the app's code has arrived (the page's largest paint); the app
// renders the same screen over it and takes over. Links work before that too: they are plain links.
import type { HomeResponse } from '../../shared/schemas/content';
import type { Locale } from '../../shared/constants';
import { EAGER_HOME_COVERS, FIRST_HOME_SHELVES, HOME_COVER_SHELVES, homeShelfNote } from '../../shared/home';
import { escapeHtml, markupOf } from './markup';
import { appPaths } from '../../shared/app-paths';

export function homeFirstScreen(data: HomeResponse, locale: Locale): string {
  const { t, text, to, magazineCard, shelf } = markupOf(locale);
  const firstGold = HOME_COVER_SHELVES.findIndex(([key]) => data[key].some((m) => m.isGold));

  const shelves = HOME_COVER_SHELVES.map(([key, viewAll], i) => ({ key, viewAll, i }))
    .filter(({ key }) => data[key].length > 0)
    .slice(0, FIRST_HOME_SHELVES)
    .map(({ key, viewAll, i }) => {
      const items = data[key];
      const noteKey = homeShelfNote(key, i === firstGold);
      const cards = items.map((m, j) => magazineCard(m, 'shelf', i === 0 && j < EAGER_HOME_COVERS)).join('');
      return shelf(`first-${key}`, t(`home.sections.${key}`), items.length, cards, {
        viewAll,
        note: noteKey ? t(`home.${noteKey}`) : undefined,
      });
    });

  return (
    `<main id="main"><div class="home" data-first-screen="home">` +
    `<div class="home__intro"><h1 class="home__title">${text('home.title')}</h1><p class="home__lede">${text('home.intro')}</p>` +
    `<p class="claims">${escapeHtml(data.claims?.[locale] ?? '')}</p></div>` +
    `<p class="home__getin">${text('home.getIn')} <a href="${to(appPaths.login)}">${text('home.signIn')}</a></p>` +
    shelves.join('') +
    `</div></main>`
  );
}
