// The console's access and branding data: queries, one mutation hook per action (each puts the
// answer in the cache), and the codes' CSV download.
import { saveFile } from './save-file';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleAccess, ConsoleBranding, CreateCodesBody } from '../../../shared/schemas/console-access';
import * as endpoints from '../../../shared/endpoints/console';
import { pathOf } from '../../../shared/endpoints/endpoint';
import { ApiError, callApi, currentCredentials } from '../../lib/api';
import { send } from '../../lib/http';
import { consoleKeys } from './queries';

export const accessKeys = {
  access: (institutionId: number) => [...consoleKeys.all, institutionId, 'access'] as const,
  domainReview: () => [...consoleKeys.all, 'domain-review'] as const,
  branding: (institutionId: number) => [...consoleKeys.all, institutionId, 'branding'] as const,
};

export const accessQuery = (institutionId: number) =>
  queryOptions({
    queryKey: accessKeys.access(institutionId),
    queryFn: ({ signal }) => callApi(endpoints.consoleAccess, { params: { institutionId } }, signal),
    retry: false,
  });

export const brandingQuery = (institutionId: number) =>
  queryOptions({
    queryKey: accessKeys.branding(institutionId),
    queryFn: ({ signal }) => callApi(endpoints.consoleBranding, { params: { institutionId } }, signal),
    retry: false,
  });

/** For admins: the domain claims waiting for a decision, and those kept at the upgrade. */
export const domainReviewQuery = () =>
  queryOptions({
    queryKey: accessKeys.domainReview(),
    queryFn: ({ signal }) => callApi(endpoints.consoleDomains, {}, signal),
    retry: false,
  });

export type DomainChange = 'add' | 'remove' | 'check' | 'approve' | 'refuse';
const domainEndpoints = {
  add: endpoints.consoleAccessDomains,
  remove: endpoints.consoleAccessDomainsRemove,
  check: endpoints.consoleAccessDomainsCheck,
  approve: endpoints.consoleAccessDomainsApprove,
  refuse: endpoints.consoleAccessDomainsRefuse,
};

/** Adds, removes, checks (by DNS), approves or refuses (admins) an e-mail domain; the answer is
 * the institution's domains now. */
export function useDomainChange(institutionId: number, change: DomainChange) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => callApi(domainEndpoints[change], { params: { institutionId }, body: { domain } }),
    onSuccess: ({ domains }) => {
      client.setQueryData(accessKeys.access(institutionId), (old: ConsoleAccess | undefined) => old && { ...old, domains });
      return client.invalidateQueries({ queryKey: accessKeys.domainReview() });
    },
  });
}

export function useCreateCodes(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCodesBody) => callApi(endpoints.consoleAccessCodes, { params: { institutionId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: accessKeys.access(institutionId) }),
  });
}

export function useDisableCode(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (codeId: number) => callApi(endpoints.consoleAccessCodesDisable, { params: { institutionId, codeId } }),
    onSuccess: (code) =>
      client.setQueryData(
        accessKeys.access(institutionId),
        (old: ConsoleAccess | undefined) => old && { ...old, codes: old.codes.map((c) => (c.id === code.id ? code : c)) },
      ),
  });
}

/** Saves a new logo and/or name (null: unchanged); the logo first, so a refused image changes nothing. */
export function useSaveBranding(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, logo }: { name: string | null; logo: File | null }) => {
      let saved: ConsoleBranding | null = null;
      if (logo) {
        const form = new FormData();
        form.append('file', logo);
        saved = await callApi(endpoints.consoleBrandingLogo, { params: { institutionId }, body: form });
      }
      return name === null ? saved! : callApi(endpoints.consoleBrandingSave, { params: { institutionId }, body: { name } });
    },
    onSuccess: (branding) => client.setQueryData(accessKeys.branding(institutionId), branding),
  });
}

/** Downloads every code as CSV (the request carries the reader's token, so it is fetched, then saved). */
export async function downloadCodesCsv(institutionId: number): Promise<void> {
  const res = await send('GET', pathOf(endpoints.consoleAccessCodesCsv, { institutionId }), currentCredentials());
  if (!res.ok) throw new ApiError(res.status, 'http', `Request failed with status code ${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'access-codes.csv';
  saveFile(await res.blob(), name);
}

/** The institution's campus ranges (IP authentication). */
const rangesKey = (institutionId: number) => [...consoleKeys.all, institutionId, 'ip-ranges'] as const;
export const ipRangesQuery = (institutionId: number) =>
  queryOptions({
    queryKey: rangesKey(institutionId),
    queryFn: ({ signal }) => callApi(endpoints.consoleIpRanges, { params: { institutionId } }, signal),
    retry: false,
  });

/** Proposes a range (an admin's is approved at once), approves (admins) or removes one; the
 * answer is the institution's ranges now. */
export function useIpRangeChange(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { add: string } | { approve: number } | { remove: number }) =>
      'add' in change
        ? callApi(endpoints.consoleIpRangesAdd, { params: { institutionId }, body: { network: change.add.trim() } })
        : 'approve' in change
          ? callApi(endpoints.consoleIpRangesApprove, { params: { institutionId, rangeId: change.approve } })
          : callApi(endpoints.consoleIpRangesRemove, { params: { institutionId, rangeId: change.remove } }),
    onSuccess: (reply) => client.setQueryData(rangesKey(institutionId), reply),
  });
}
