// The pieces the server-drawn first screens are made of, in the app's own markup and classes
// (src/app/components/Tiles.tsx and Scroller.tsx): texts, covers, cards and shelves. Each mirrors
// its component; tests/e2e/first-load.spec.ts checks the drawn screens against the app's.
import en from '../../../locales/en.json' with { type: 'json' };
import hi from '../../../locales/hi.json' with { type: 'json' };
import screensEn from '../../../locales/screens/en.json' with { type: 'json' };
import screensHi from '../../../locales/screens/hi.json' with { type: 'json' };
import type { Issue, MagazineCard } from '../../shared/schemas/content';
import { COVER_SIZES, coverSrcSet } from '../../shared/covers';
import { SCROLLER_ARROWS_MIN_ITEMS, type Locale } from '../../shared/constants';
import { formatDate, namedByDate } from '../../shared/labels';
import { localePath } from '../../shared/locale-path';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Table = { [key: string]: string | Table };
const tables: Record<Locale, Table[]> = { en: [en, screensEn], hi: [hi, screensHi, en, screensEn] };

const lookup = (table: Table, key: string): string | undefined => {
  const found = key.split('.').reduce<string | Table | undefined>((at, part) => (typeof at === 'object' ? at[part] : undefined), table);
  return typeof found === 'string' ? found : undefined;
};

/** A translated text, as i18next words it: plurals by the locale's rules, {{name}} filled in
 * (not escaped: escape what goes into the page), Hindi falling back to English. */
export function textsOf(locale: Locale) {
  const plural = new Intl.PluralRules(locale === 'hi' ? 'hi-IN' : 'en');
  const t = (key: string, vars: Record<string, string | number> = {}): string => {
    const keys = vars.count === undefined ? [key] : [`${key}_${plural.select(Number(vars.count))}`, `${key}_other`, key];
    for (const table of tables[locale])
      for (const k of keys) {
        const text = lookup(table, k);
        if (text !== undefined) return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
      }
    return key;
  };
  return { t, has: (key: string) => tables[locale].some((table) => lookup(table, key) !== undefined) };
}

/** The drawing kit for one locale. */
export function markupOf(locale: Locale) {
  const { t, has } = textsOf(locale);
  const text = (key: string, vars?: Record<string, string | number>) => escapeHtml(t(key, vars));
  const to = (path: string) => escapeHtml(localePath(path, locale));

  /** CoverImage. */
  const cover = (src: string, densitySet: string | null, place: keyof typeof COVER_SIZES, alt: string, eager: boolean) => {
    const srcSet = coverSrcSet(densitySet);
    return (
      `<img src="${escapeHtml(src)}"${srcSet ? ` srcset="${escapeHtml(srcSet)}"` : ''} sizes="${COVER_SIZES[place]}" width="150" height="212" ` +
      `alt="${escapeHtml(alt)}" loading="${eager ? 'eager' : 'lazy'}"${eager ? ' fetchpriority="high"' : ''} decoding="async">`
    );
  };

  /** MagazineTile (a visitor has no favourites to mark). */
  const magazineCard = (m: MagazineCard, place: keyof typeof COVER_SIZES, eager: boolean) => {
    const name = escapeHtml(m.name);
    const image = m.imageSrc
      ? cover(m.imageSrc, m.imageSrcSet, place, t('card.cover', { name: m.name }), eager)
      : `<span class="cover-card__placeholder">${name}</span>`;
    const gold = m.isGold ? `<span class="badge badge--gold">${text('card.gold')}</span>` : '';
    const issue = m.issueName ? `<span class="cover-card__issue">${escapeHtml(m.issueName)}</span>` : '';
    return `<a href="${to(m.browserLinkUrl)}" class="cover-card"><span class="cover-card__frame">${image}${gold}</span><span class="cover-card__name">${name}</span>${issue}</a>`;
  };

  /** IssueCard with its floating icon and its Read button (which works once the app has taken over). */
  const issueTile = (issue: Issue, titlePath: string, current: boolean, eager: boolean) => {
    const name = escapeHtml(issue.issueName);
    const image = issue.imageSrc
      ? cover(issue.imageSrc, issue.imageSrcSet, 'shelf', t('card.cover', { name: issue.issueName }), eager)
      : `<span class="cover-card__placeholder">${name}</span>`;
    const icon =
      issue.showFloatingIcon && issue.floatingImgSrc
        ? `<img class="floating-icon" src="${escapeHtml(issue.floatingImgSrc)}" alt="${text('issueCard.special')}" width="28" height="28">`
        : '';
    const date = namedByDate(issue) ? '' : `<span class="cover-card__issue">${escapeHtml(formatDate(issue.pubDate, locale))}</span>`;
    return (
      `<div class="issue-tile"><a href="${to(`${titlePath}/${issue.issueId}`)}" class="cover-card"${current ? ' aria-current="page"' : ''}>` +
      `<span class="cover-card__frame">${image}${icon}</span><span class="cover-card__name">${name}</span>${date}</a>` +
      `<button type="button" class="button button--ghost button--small issue-tile__read">${text('title.read')}<span class="visually-hidden"> ${name}</span></button></div>`
    );
  };

  /** Scroller: the arrows are drawn as their boxes only, until the app's buttons replace them. */
  const shelf = (id: string, title: string, count: number, items: string, opts: { note?: string; viewAll?: string } = {}) =>
    `<section class="shelf shelf--covers" aria-labelledby="${id}-title">` +
    `<div class="shelf__head"><div><h2 id="${id}-title" class="shelf__title">${escapeHtml(title)}</h2>` +
    (opts.note ? `<p class="shelf__note">${escapeHtml(opts.note)}</p>` : '') +
    `</div><div class="shelf__tools">${opts.viewAll ? `<a class="shelf__all" href="${to(opts.viewAll)}">${text('home.viewAll')}</a>` : ''}` +
    `${count >= SCROLLER_ARROWS_MIN_ITEMS ? '<span class="arrow"></span><span class="arrow"></span>' : ''}</div></div>` +
    `<div class="shelf__track">${items}</div></section>`;

  return { t, has, text, to, cover, magazineCard, issueTile, shelf };
}
