// A listing's first screen drawn by the server (src/app/features/listing/MagazinesPage.tsx): the
// name, the count, the pickers and the first page of the grid with its covers, so the first covers
// (the page's largest paint) come with the page rather than after the app's code.
import type { CategoriesResponse, LanguagesResponse, MagazineFilterResponse } from '../../shared/schemas/content';
import { QUICK_CATEGORIES, QUICK_CATEGORY_CODES, JOURNAL_SECTION, NEWSPAPER_CATEGORY, type Locale } from '../../shared/constants';
import { EAGER_GRID_COVERS } from '../../shared/covers';
import { escapeHtml, markupOf } from './markup';

export type ListingData = { list: MagazineFilterResponse; categories: CategoriesResponse; languages: LanguagesResponse };

export function listingFirstScreen(category: string, data: ListingData, locale: Locale): string {
  const { t, text, magazineCard } = markupOf(locale);
  const hi = locale === 'hi';
  const quick = QUICK_CATEGORY_CODES.find((c) => c === category);
  const current = data.categories.popularCat.find((c) => String(c.catId) === category);
  const name = quick
    ? t(`home.sections.${QUICK_CATEGORIES[quick]}`)
    : current
      ? hi && current.nameHi
        ? current.nameHi
        : current.name
      : t('nav.magazines');
  const option = (value: string, label: string, selected: boolean) =>
    `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;
  const quickOptions = QUICK_CATEGORY_CODES.map((c) => option(c, t(`home.sections.${QUICK_CATEGORIES[c]}`), c === category)).join('');
  const categoryOptions = data.categories.popularCat
    .filter((c) => c.catId !== NEWSPAPER_CATEGORY && c.catId !== JOURNAL_SECTION)
    .map((c) => option(String(c.catId), hi && c.nameHi ? c.nameHi : c.name, String(c.catId) === category))
    .join('');
  const languageOptions =
    option('', t('listing.allLanguages'), true) +
    data.languages.languages.map((l) => option(l.lang_code, hi ? l.nativeName : l._lang, false)).join('');

  return (
    `<main id="main"><div class="listing" data-first-screen="listing" data-category="${escapeHtml(category)}">` +
    `<header class="listing__head"><h1 class="listing__title">${escapeHtml(name)}</h1>` +
    `<p class="listing__count">${text('listing.count', { count: data.list.nbHits })}</p>` +
    `<div class="listing__pickers">` +
    `<label class="picker"><span>${text('listing.category')}</span><select>` +
    `<optgroup label="${text('listing.quick')}">${quickOptions}</optgroup><optgroup label="${text('listing.categories')}">${categoryOptions}</optgroup>` +
    `</select></label>` +
    `<label class="picker"><span>${text('listing.language')}</span><select>${languageOptions}</select></label>` +
    `</div></header>` +
    `<div class="listing-grid">${data.list.magazineList.map((m, i) => magazineCard(m, 'grid', i < EAGER_GRID_COVERS)).join('')}</div>` +
    `<div class="listing__sentinel" aria-hidden="true"></div>` +
    `</div></main>`
  );
}
