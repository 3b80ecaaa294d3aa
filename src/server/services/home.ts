// Home: every section of spec §2 in one answer (one request on a slow network, one cached
// response to draw the page offline). The route and the server's first screen both draw from it.
import type { HomeResponse } from '../../shared/schemas/content';
import { JOURNAL_SECTION, type QuickCategory } from '../../shared/constants';
import type { Queryable } from '../db/index';
import { visibilityFor } from '../repositories/access';
import { listSections, popularCategories, popularLanguages, type ListFilter } from '../repositories/catalogue';
import { storiesByCategory } from '../repositories/stories';

const SECTION_SIZE = 20;

/** ageRate filters the magazine lists (what the app sent, or the reader's institution's);
 * storyAge limits the cover stories only for a signed-in reader (visitors' stories use search's default of 9). */
export async function loadHome(db: Queryable, edzLibId: number, ageRate?: number, storyAge?: number): Promise<HomeResponse> {
  const visibility = await visibilityFor(db, edzLibId);
  const section = (category: QuickCategory | number, type?: 'magazine'): ListFilter => ({
    visibility,
    category,
    ageRate,
    type,
    page: 0,
    pageSize: SECTION_SIZE,
    count: false,
  });
  // The rows of titles in one statement (listSections); journals only where the institution shows them.
  const rows = [section('BS'), section('F'), section('IF'), section('TF'), section('NA'), section('BS', 'magazine')];
  if (visibility.journals) rows.push(section(JOURNAL_SECTION));
  const [
    [mostPopular, featured, international, topFree, newArrivals, popularMagazines, popularJournals = []],
    popularCategoriesList,
    languages,
    coverStories,
  ] = await Promise.all([
    listSections(db, rows),
    popularCategories(db, visibility),
    popularLanguages(db),
    storiesByCategory(db, 'Cover-Stories', 12, storyAge),
  ]);
  return {
    mostPopular,
    featured,
    international,
    topFree,
    newArrivals,
    popularCategories: popularCategoriesList,
    popularLanguages: languages,
    popularMagazines,
    popularJournals,
    coverStories,
  };
}
