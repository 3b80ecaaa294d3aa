// Listing data: magazine-filter pages (20 each, zero-based), the categories and languages for
// the pickers. Keys carry the institution and age rating, which change the answers.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { contentGet } from '../../lib/api';
import type { ReaderScope } from '../../lib/scope';
import { ageRateToSend, filterAgeRate } from '../../lib/ageRating';
import { GOLD_STORE } from '../../lib/store';

export const listingKeys = {
  all: ['listing'] as const,
  magazines: (category: string, lang: string | undefined, institutionId: string, ageRate: number) =>
    [...listingKeys.all, 'magazines', category, lang ?? '', institutionId, ageRate] as const,
  categories: (institutionId: string) => [...listingKeys.all, 'categories', institutionId] as const,
  languages: (category: string, institutionId: string, ageRate: number) =>
    [...listingKeys.all, 'languages', category, institutionId, ageRate] as const,
};

export function magazinesQuery({ institutionId, ageRating }: ReaderScope, category: string, lang?: string) {
  const ageRate = filterAgeRate(ageRating);
  return infiniteQueryOptions({
    queryKey: listingKeys.magazines(category, lang, institutionId, ageRate),
    queryFn: ({ pageParam, signal }) =>
      contentGet(
        '/content/magazine-filter',
        {
          categoryID: category,
          lang,
          edzLibId: institutionId,
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

export const categoriesQuery = ({ institutionId }: ReaderScope) => {
  return queryOptions({
    queryKey: listingKeys.categories(institutionId),
    queryFn: ({ signal }) => contentGet('/content/getCategories', { edzLibId: institutionId }, signal),
    staleTime: 10 * 60_000,
  });
};

/** The languages a category has titles in, for the listing's language picker. */
export const languagesQuery = ({ institutionId, ageRating }: ReaderScope, category: string) => {
  const ageRate = filterAgeRate(ageRating);
  return queryOptions({
    queryKey: listingKeys.languages(category, institutionId, ageRate),
    queryFn: ({ signal }) =>
      contentGet('/content/getLanguages', { categoryID: category, edzLibId: institutionId, age_rate: ageRateToSend(ageRate) }, signal),
    staleTime: 10 * 60_000,
  });
};
