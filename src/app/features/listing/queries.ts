// Listing data: magazine-filter pages (20 each, zero-based), the categories and languages for
// the pickers. Keys carry the library and age rating, which change the answers.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CategoriesResponse, LanguagesResponse, MagazineFilterResponse } from '../../../shared/schemas/content';
import { contentGet } from '../../lib/api';
import { session } from '../../lib/session';
import { ageRateToSend, filterAgeRate } from '../../lib/ageRating';
import { GOLD_STORE } from '../../lib/store';

export const listingKeys = {
  all: ['listing'] as const,
  magazines: (category: string, lang: string | undefined, libraryId: string, ageRate: number) =>
    [...listingKeys.all, 'magazines', category, lang ?? '', libraryId, ageRate] as const,
  categories: (libraryId: string) => [...listingKeys.all, 'categories', libraryId] as const,
  languages: (category: string, libraryId: string, ageRate: number) =>
    [...listingKeys.all, 'languages', category, libraryId, ageRate] as const,
};

export function magazinesQuery(category: string, lang?: string) {
  const libraryId = session.libraryId();
  const ageRate = filterAgeRate();
  return infiniteQueryOptions({
    queryKey: listingKeys.magazines(category, lang, libraryId, ageRate),
    queryFn: ({ pageParam, signal }) =>
      contentGet<MagazineFilterResponse>(
        '/content/magazine-filter',
        {
          categoryID: category,
          lang,
          edzLibId: libraryId,
          page: pageParam,
          age_rate: ageRateToSend(ageRate),
          ...GOLD_STORE,
        },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.page + 1 < last.nbPages ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}

export const categoriesQuery = () => {
  const libraryId = session.libraryId();
  return queryOptions({
    queryKey: listingKeys.categories(libraryId),
    queryFn: ({ signal }) => contentGet<CategoriesResponse>('/content/getCategories', { edzLibId: libraryId }, signal),
    staleTime: 10 * 60_000,
  });
};

/** The languages a category has titles in, for the listing's language picker. */
export const languagesQuery = (category: string) => {
  const libraryId = session.libraryId();
  const ageRate = filterAgeRate();
  return queryOptions({
    queryKey: listingKeys.languages(category, libraryId, ageRate),
    queryFn: ({ signal }) =>
      contentGet<LanguagesResponse>(
        '/content/getLanguages',
        { categoryID: category, edzLibId: libraryId, age_rate: ageRateToSend(ageRate) },
        signal,
      ),
    staleTime: 10 * 60_000,
  });
};
