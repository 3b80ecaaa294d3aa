// The console's Titles section: the title search and the change of a title's identifiers.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TitleIdentifiersBody } from '../../../shared/schemas/console-titles';
import * as endpoints from '../../../shared/endpoints/console';
import { callApi } from '../../lib/api';
import { consoleKeys } from './queries';

export const titleKeys = {
  all: () => [...consoleKeys.all, 'titles'] as const,
  list: (q: string, page: number) => [...titleKeys.all(), q, page] as const,
};

export const consoleTitlesQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: titleKeys.list(q, page),
    queryFn: ({ signal }) => callApi(endpoints.consoleTitles, { query: { q, page } }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Sets a title's ISSNs and ISBN; the lists showing it are read again. */
export function useSaveIdentifiers(mid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TitleIdentifiersBody) => callApi(endpoints.consoleTitlesIdentifiers, { params: { mid }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: titleKeys.all() }),
  });
}
