// Spec §4: a search whose first page is empty records an event (what readers look for and do not
// find). Best effort: a failure (offline too) is dropped, never retried or shown.
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api';

export function useNoResultsEvent() {
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ term, mode }: { term: string; mode: 0 | 1 }) => {
      const { events } = await import('../../../shared/endpoints/site'); // (see lib/api.ts)
      return callApi(events, { body: { kind: 'search_no_results', detail: term, mode } });
    },
  });
}
