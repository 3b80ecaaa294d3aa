// Search data: page-level magazine hits (mode 0), stories (mode 1), and the Discover hits of
// one issue. Spec §5: the age rating defaults to 9 here and is sent only when below 8. Each
// term is its own query, so a slow answer for an old term never replaces a newer one.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { SearchFilters } from '../../../shared/schemas/content';
import { contentGet } from '../../lib/api';
import type { ReaderScope } from '../../lib/scope';
import { ageRateToSend, searchAgeRate as searchRate } from '../../lib/ageRating';
import { GOLD_STORE, STORE_ID } from '../../lib/store';

export const searchKeys = {
  all: ['search'] as const,
  titles: (term: string, institutionId: string, age: number, f: SearchFilters) =>
    [...searchKeys.all, 'titles', term, institutionId, age, f] as const,
  results: (mode: 0 | 1, term: string, institutionId: string, age: number, f: SearchFilters) =>
    [...searchKeys.all, mode, term, institutionId, age, f] as const,
  discover: (term: string, issueId: number) => [...searchKeys.all, 'discover', term, issueId] as const,
  storyDiscover: (term: string, url: string) => [...searchKeys.all, 'story-discover', term, url] as const,
};

const searchAgeRate = (ageRating: number) => ageRateToSend(searchRate(ageRating));
/** Spec §4: an empty page after page 0 marks the end. */
const nextPage = (items: unknown[], page: number, nbPages: number) => (items.length > 0 && page + 1 < nbPages ? page + 1 : undefined);

/** Titles whose name (or description) matches, the first page only: they lead the results,
 * and a reader looking for a title by name finds it among the first few. */
export function titleResults({ institutionId, ageRating }: ReaderScope, term: string, f: SearchFilters = {}) {
  const age = searchAgeRate(ageRating);
  return queryOptions({
    queryKey: searchKeys.titles(term, institutionId, age ?? 0, f),
    queryFn: ({ signal }) =>
      contentGet(
        '/content/magazine-search',
        { query: term, page: 0, edzLibId: institutionId, age_rating: age, ...GOLD_STORE, ...f },
        signal,
      ),
    staleTime: 60_000,
  });
}

export function magazineResults({ institutionId, ageRating }: ReaderScope, term: string, f: SearchFilters = {}) {
  const age = searchAgeRate(ageRating);
  return infiniteQueryOptions({
    queryKey: searchKeys.results(0, term, institutionId, age ?? 0, f),
    queryFn: ({ pageParam, signal }) =>
      contentGet(
        '/content/mag-search',
        { q: term, p: pageParam, edzLibId: institutionId, age_rating: age, isGold: 1, storeID: STORE_ID, ...f },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => nextPage(last.items, last.page, last.nbPages),
    staleTime: 60_000,
  });
}

export function storyResults({ institutionId, ageRating }: ReaderScope, term: string, f: Pick<SearchFilters, 'lang' | 'since'> = {}) {
  const age = searchAgeRate(ageRating);
  return infiniteQueryOptions({
    queryKey: searchKeys.results(1, term, institutionId, age ?? 0, f),
    queryFn: ({ pageParam, signal }) =>
      contentGet('/content/article-search', { query: term, page: pageParam, age_rating: age, storeID: STORE_ID, ...f }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => nextPage(last.Articles, last.page, last.nbPages),
    staleTime: 60_000,
  });
}

export const discoverQuery = (term: string, issueId: number) =>
  queryOptions({
    queryKey: searchKeys.discover(term, issueId),
    queryFn: ({ signal }) => contentGet('/content/search_list', { q: term, issueId, isGold: 1 }, signal),
    staleTime: 60_000,
  });

/** Discover More on a story result: its matching passages and its issue's matching pages. */
export const storyDiscoverQuery = (term: string, url: string) =>
  queryOptions({
    queryKey: searchKeys.storyDiscover(term, url),
    queryFn: ({ signal }) => contentGet('/content/story-discover', { q: term, url }, signal),
    staleTime: 60_000,
  });
