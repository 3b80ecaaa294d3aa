// A title page's first screen drawn by the server (src/app/features/title/TitlePage.tsx): the
// cover and details with the latest issue, and the special, recent and other-edition shelves, so
// the covers in view (the page's largest paint) come with the page rather than after the app's
// code. The app draws the rest below (the issue filter, related titles). Buttons are inert until
// the app has taken over, a second or so; the links work at once.
import type { IssuesResponse, MagazineMeta } from '../../shared/schemas/content';
import type { Locale } from '../../shared/constants';
import { formatDate, namedByDate } from '../../shared/labels';
import { titlePath } from '../../shared/title-paths';
import { escapeHtml, markupOf } from './markup';
import { appPaths } from '../../shared/app-paths';

export type TitleData = { meta: MagazineMeta; recent: IssuesResponse; special: IssuesResponse };

const HEART =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round">' +
  '<path d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.3 5 6.8 5c2 0 3.4 1.1 5.2 3 1.8-1.9 3.2-3 5.2-3 3.5 0 5.6 3.6 4.3 6.8C19.5 16.4 12 21 12 21z"></path></svg>';

export function titleFirstScreen(data: TitleData, locale: Locale): string {
  const { t, has, text, to, cover, magazineCard, issueTile, shelf } = markupOf(locale);
  const m = data.meta;
  const hi = locale === 'hi';
  const path = titlePath(m.mid, m.name);
  const issue = m.latestIssue;
  const specials = data.special.edt_details;
  const recents = data.recent.edt_details.filter((i) => !i.isSpecial);
  const frequency = has(`title.frequencies.${m.frequency}`) ? t(`title.frequencies.${m.frequency}`) : m.frequency;
  const detail = (label: string, value: string) => `<div><dt>${text(label)}</dt><dd>${value}</dd></div>`;

  // The title's ISSNs or ISBN and the issue's DOI, as TitleIdentifiers draws them.
  const ids = (
    [
      ['printIssn', m.printIssn],
      ['onlineIssn', m.onlineIssn],
      ['isbn', m.isbn],
      ['doi', issue?.doi],
    ] as const
  ).filter(([, value]) => value);
  const identifiers = ids.length
    ? `<dl class="title-ids" aria-label="${escapeHtml(t('title.ids.identifiers'))}" data-testid="title-identifiers">` +
      ids.map(([key, value]) => `<div><dt>${text(`title.ids.${key}`)}</dt><dd translate="no">${escapeHtml(value!)}</dd></div>`).join('') +
      `</dl>`
    : '';

  const hero =
    `<section class="title-hero" aria-labelledby="title-name">` +
    `<div class="title-hero__cover">${
      issue?.imageSrc
        ? cover(issue.imageSrc, issue.imageSrcSet, 'title', t('card.cover', { name: `${m.name} ${issue.issueName}` }), true)
        : `<span class="cover-card__placeholder">${escapeHtml(m.name)}</span>`
    }</div>` +
    `<div class="title-hero__text">` +
    `<p class="title-hero__kind">${text(`title.kind.${m.type}`)}${m.isGold ? `<span class="badge badge--inline">${text('card.gold')}</span>` : ''}</p>` +
    `<h1 id="title-name" class="title-hero__name">${escapeHtml(m.name)}</h1>` +
    (issue
      ? `<p class="title-hero__issue">${escapeHtml(issue.issueName)}${namedByDate(issue) ? '' : ` · ${escapeHtml(formatDate(issue.pubDate, locale))}`}</p>`
      : '') +
    (m.description ? `<p class="title-hero__description">${escapeHtml(m.description)}</p>` : '') +
    `<div class="title-hero__actions">` +
    (issue
      ? `<button type="button" class="button read-now">${text('title.readNow')}</button><button type="button" class="button button--ghost">${text('downloads.download')}</button>`
      : '') +
    `<button type="button" class="button button--ghost fav-button">${HEART} ${text('favourites.add')}</button></div>` +
    `<dl class="title-details">` +
    detail('title.publisher', escapeHtml(m.publisher)) +
    detail(
      'title.category',
      `<a href="${to(appPaths.listing(m.catId))}">${escapeHtml(hi ? (m.categoryNameHi ?? m.categoryName) : m.categoryName)}</a>`,
    ) +
    detail('title.language', escapeHtml(hi ? m.languageNativeName : m.languageName)) +
    detail('title.frequency', escapeHtml(frequency)) +
    `</dl>` +
    identifiers +
    `</div></section>`;

  const issues = (list: typeof specials, eagerFirst: number) =>
    list.map((i, n) => issueTile(i, path, i.issueId === issue?.issueId, n < eagerFirst)).join('');
  return (
    `<main id="main"><div class="title-page" data-first-screen="title" data-mid="${m.mid}">` +
    hero +
    (specials.length > 0 ? shelf('special-issues', t('title.specialIssues'), specials.length, issues(specials, 0)) : '') +
    (recents.length > 0 ? shelf('recent-issues', t('title.recentIssues'), recents.length, issues(recents, 2)) : '') +
    (m.otherEditions.length > 0
      ? shelf(
          'other-editions',
          t('title.otherEditions'),
          m.otherEditions.length,
          m.otherEditions.map((e) => magazineCard(e, 'shelf', false)).join(''),
        )
      : '') +
    `</div></main>`
  );
}
