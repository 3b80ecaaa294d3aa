// The console's enquiries inbox: a page of one institution's (or, for an admin asking for all,
// every) enquiry, by status, and the status change, which refreshes the inbox.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { Enquiry, EnquiryPage, type EnquiryStatus } from '../../../shared/schemas/console-inbox';
import { apiGet, apiPost } from '../../lib/api';
import { consoleKeys } from './queries';

/** One institution's inbox, or (null, admins only) every enquiry. */
export type InboxScope = number | null;
const inboxPath = (scope: InboxScope) => (scope === null ? '/api/console/enquiries' : `/api/console/institutions/${scope}/enquiries`);

export const enquiryKeys = {
  inbox: (scope: InboxScope) => [...consoleKeys.all, scope ?? 'all', 'enquiries'] as const,
};

export const enquiriesQuery = (scope: InboxScope, status: EnquiryStatus | null, page: number) =>
  queryOptions({
    queryKey: [...enquiryKeys.inbox(scope), status ?? 'any', page] as const,
    queryFn: ({ signal }) => apiGet(inboxPath(scope), EnquiryPage, { ...(status ? { status } : {}), page: String(page) }, signal),
    // The next page shows over the last one instead of a blank while it loads.
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useEnquiryStatus(scope: InboxScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: EnquiryStatus }) => apiPost(`${inboxPath(scope)}/${id}/status`, Enquiry, { status }),
    onSuccess: () => client.invalidateQueries({ queryKey: enquiryKeys.inbox(scope) }),
  });
}
