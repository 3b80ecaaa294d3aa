// The console's Titles section: the title search and the change of a title's identifiers.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ConsoleTitle, ConsoleTitlesReply, type TitleIdentifiersBody } from '../../../shared/schemas/console-titles';
import { apiGet, apiPost } from '../../lib/api';
import { consoleKeys } from './queries';

export const titleKeys = {
  all: () => [...consoleKeys.all, 'titles'] as const,
  list: (q: string, page: number) => [...titleKeys.all(), q, page] as const,
};

export const consoleTitlesQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: titleKeys.list(q, page),
    queryFn: ({ signal }) => apiGet('/api/console/titles', ConsoleTitlesReply, { q, page }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Sets a title's ISSNs and ISBN; the lists showing it are read again. */
export function useSaveIdentifiers(mid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TitleIdentifiersBody) => apiPost(`/api/console/titles/${mid}/identifiers`, ConsoleTitle, body),
    onSuccess: () => client.invalidateQueries({ queryKey: titleKeys.all() }),
  });
}
