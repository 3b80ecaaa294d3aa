// Stories data: a category's pages and one story.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ArticleDetailsQuery } from '../../../shared/schemas/stories';
import { contentGet } from '../../lib/api';
import { ageRateToSend, searchAgeRate } from '../../lib/ageRating';
import type { ReaderScope } from '../../lib/scope';

export const storyKeys = {
  all: ['stories'] as const,
  category: (section: string, category: string, age: number) => [...storyKeys.all, section, category, age] as const,
  story: (url: string) => [...storyKeys.all, 'story', url] as const,
  article: (q: ArticleDetailsQuery) => [...storyKeys.all, 'article', q] as const,
};

export function storiesQuery({ ageRating }: ReaderScope, section: string, category: string) {
  const age = searchAgeRate(ageRating);
  return infiniteQueryOptions({
    queryKey: storyKeys.category(section, category, age),
    queryFn: ({ pageParam, signal }) =>
      contentGet('/content/stories', { section, category, page: pageParam, age_rating: ageRateToSend(age) }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.page + 1 < last.nbPages ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}

export const storyQuery = (url: string) =>
  queryOptions({
    queryKey: storyKeys.story(url),
    queryFn: ({ signal }) => contentGet('/content/story', { url }, signal),
    staleTime: 5 * 60_000,
  });

/** /article/details: all four of its parameters go to the server, which finds the story by its url
 * or, for an old link, by its name in that title and category. */
export const articleQuery = (q: ArticleDetailsQuery) =>
  queryOptions({
    queryKey: storyKeys.article(q),
    queryFn: ({ signal }) => contentGet('/content/article-details', q, signal),
    staleTime: 5 * 60_000,
  });
