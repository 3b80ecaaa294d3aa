// The information pages' data: the service's health, the store apps, the institutions served
// (for the contact form), and sending the contact form.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost } from '../../lib/api';
import { AppStores } from '../../../shared/schemas/app-links';
import { OkReply } from '../../../shared/schemas/account';
import type { ContactBody, QuestionBody } from '../../../shared/schemas/contact';

const Health = z.object({ ok: z.boolean(), db: z.string() });
/** Asked afresh each time (/healthcheck says whether the service is up now). */
export const healthQuery = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => apiGet('/api/health', Health, undefined, signal),
    retry: false,
    gcTime: 0,
  });

/** /appdownload's configuration: the store links and the claims. */
export const appStoresQuery = () =>
  queryOptions({
    queryKey: ['app-stores'],
    queryFn: ({ signal }) => apiGet('/api/app/stores', AppStores, undefined, signal),
    staleTime: 60 * 60_000,
  });

const Institutions = z.object({ institutions: z.array(z.object({ id: z.number(), name: z.string() })) });
export const institutionsQuery = () =>
  queryOptions({
    queryKey: ['institutions'],
    queryFn: ({ signal }) => apiGet('/api/institutions', Institutions, undefined, signal),
  });

/** A reader's question, or an institution's enquiry; the reply's message is what to show. */
export function useSendContact() {
  return useMutation({
    mutationFn: (v: { kind: 'question'; body: QuestionBody } | { kind: 'institution'; body: ContactBody }) =>
      apiPost(v.kind === 'question' ? '/api/account/question' : '/api/account/contact', OkReply, v.body),
  });
}
