// A title's data: meta, recent and special issues, one issue, related titles (5 a page), the
// date-range issue search, and the store's country (for the country block).
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Issue } from '../../../shared/schemas/content';
import { DEFAULT_STORE_ID } from '../../../shared/constants';
import { contentGet } from '../../lib/api';

export const titleKeys = {
  all: ['title'] as const,
  meta: (mid: number) => [...titleKeys.all, mid, 'meta'] as const,
  issues: (mid: number, special: boolean) => [...titleKeys.all, mid, 'issues', special] as const,
  issue: (issueId: number) => [...titleKeys.all, 'issue', issueId] as const,
  related: (mid: number, page: number) => [...titleKeys.all, mid, 'related', page] as const,
  archive: (mid: number) => [...titleKeys.all, mid, 'archive'] as const,
  range: (mid: number, from: string, to: string, page: number) => [...titleKeys.all, mid, 'range', from, to, page] as const,
  stores: () => [...titleKeys.all, 'stores'] as const,
};

const MINUTE = 60_000;
export const metaQuery = (mid: number) =>
  queryOptions({
    queryKey: titleKeys.meta(mid),
    queryFn: ({ signal }) => contentGet('/content/magMeta', { mid }, signal),
    staleTime: 5 * MINUTE,
  });
export const issuesQuery = (mid: number, special: boolean) =>
  queryOptions({
    queryKey: titleKeys.issues(mid, special),
    queryFn: ({ signal }) => contentGet('/content/getIssuesByMag', { mid, isSpecialIssue: special ? 1 : undefined }, signal),
    staleTime: 5 * MINUTE,
  });
export const issueQuery = (issueId: number) =>
  queryOptions({
    queryKey: titleKeys.issue(issueId),
    queryFn: ({ signal }) => contentGet('/content/getIssueDetails', { issid: issueId }, signal),
    staleTime: 5 * MINUTE,
  });
export const relatedQuery = (mid: number, page: number) =>
  queryOptions({
    queryKey: titleKeys.related(mid, page),
    queryFn: ({ signal }) => contentGet('/content/magazine-related', { mid, page }, signal),
    staleTime: 5 * MINUTE,
  });
export const rangeQuery = (mid: number, from: string, to: string, page: number) =>
  queryOptions({
    queryKey: titleKeys.range(mid, from, to, page),
    queryFn: ({ signal }) => contentGet('/content/issues-search', { mid, st_d: from, en_d: to, page }, signal),
  });

/** The country of the default store: titles blocked there show the blocked notice. */
export const storeCountryQuery = () =>
  queryOptions({
    queryKey: titleKeys.stores(),
    queryFn: async ({ signal }) =>
      (await contentGet('/content/getStores', undefined, signal)).stores.find((s) => s.store_id === DEFAULT_STORE_ID)?.country ?? null,
    staleTime: 60 * MINUTE,
  });

/** Issues in a page of the archive (fewer mark its end). */
const ARCHIVE_PAGE = 50;

/** "All issues": the whole archive, newest first, a page after the last issue shown. The first
 * page is the title page's recent issues (the same request): asked once, shared. */
export const archiveQuery = (queryClient: QueryClient, mid: number) =>
  infiniteQueryOptions({
    queryKey: titleKeys.archive(mid),
    queryFn: ({ pageParam, signal }) =>
      pageParam === undefined
        ? queryClient.fetchQuery(issuesQuery(mid, false))
        : contentGet('/content/getIssuesByMag', { mid, lst_dt: pageParam.pubDate, lst_id: pageParam.issueId }, signal),
    initialPageParam: undefined as Pick<Issue, 'pubDate' | 'issueId'> | undefined,
    getNextPageParam: (last) => (last.edt_details.length < ARCHIVE_PAGE ? undefined : last.edt_details.at(-1)),
    staleTime: 5 * 60_000,
    // At hand when the page shows: its first render has the issues, not a later one (an answer
    // arriving after the first render re-renders at once, a long task on a slow phone).
    initialData: () => {
      const first = queryClient.getQueryData(issuesQuery(mid, false).queryKey);
      return first && { pages: [first], pageParams: [undefined] };
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(issuesQuery(mid, false).queryKey)?.dataUpdatedAt,
  });
