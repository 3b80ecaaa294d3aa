// The console's enquiries inbox: a page of one institution's (or, for an admin asking for all,
// every) enquiry, by status, and the status change, which refreshes the inbox.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnquiryStatus } from '../../../shared/schemas/console-inbox';
import * as endpoints from '../../../shared/endpoints/console';
import { callApi } from '../../lib/api';
import { consoleKeys } from './queries';

/** One institution's inbox, or (null, admins only) every enquiry. */
export type InboxScope = number | null;

export const enquiryKeys = {
  inbox: (scope: InboxScope) => [...consoleKeys.all, scope ?? 'all', 'enquiries'] as const,
};

export const enquiriesQuery = (scope: InboxScope, status: EnquiryStatus | null, page: number) =>
  queryOptions({
    queryKey: [...enquiryKeys.inbox(scope), status ?? 'any', page] as const,
    queryFn: ({ signal }) => {
      const query = { ...(status ? { status } : {}), page };
      return scope === null
        ? callApi(endpoints.consoleAllEnquiries, { query }, signal)
        : callApi(endpoints.consoleEnquiries, { params: { institutionId: scope }, query }, signal);
    },
    // The next page shows over the last one instead of a blank while it loads.
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useEnquiryStatus(scope: InboxScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: EnquiryStatus }) =>
      scope === null
        ? callApi(endpoints.consoleAllEnquiriesStatus, { params: { enquiryId: id }, body: { status } })
        : callApi(endpoints.consoleEnquiriesStatus, { params: { institutionId: scope, enquiryId: id }, body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: enquiryKeys.inbox(scope) }),
  });
}
