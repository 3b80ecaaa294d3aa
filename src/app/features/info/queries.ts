// The information pages' data: the service's health, the store apps, the institutions served
// (for the contact form), and sending the contact form.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '../../lib/api';
import * as endpoints from '../../../shared/endpoints/account';
import * as site from '../../../shared/endpoints/site';
import type { ContactBody, QuestionBody } from '../../../shared/schemas/contact';

const Health = z.object({ ok: z.boolean(), db: z.string() });
/** The health answer is not checked by the server's schema (it carries more); what this page reads. */
/** Asked afresh each time (/healthcheck says whether the service is up now). */
export const healthQuery = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => callApi(site.health, {}, signal).then((reply) => Health.parse(reply)),
    retry: false,
    gcTime: 0,
  });

/** /appdownload's configuration: the store links and the claims. */
export const appStoresQuery = () =>
  queryOptions({
    queryKey: ['app-stores'],
    queryFn: ({ signal }) => callApi(site.appStores, {}, signal),
    staleTime: 60 * 60_000,
  });

export const institutionsQuery = () =>
  queryOptions({
    queryKey: ['institutions'],
    queryFn: ({ signal }) => callApi(endpoints.institutions, {}, signal),
  });

/** A reader's question, or an institution's enquiry; the reply's message is what to show. */
export function useSendContact() {
  return useMutation({
    mutationFn: (v: { kind: 'question'; body: QuestionBody } | { kind: 'institution'; body: ContactBody }) =>
      v.kind === 'question' ? callApi(endpoints.accountQuestion, { body: v.body }) : callApi(endpoints.accountContact, { body: v.body }),
  });
}
