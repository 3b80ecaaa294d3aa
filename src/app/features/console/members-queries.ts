// The console's members and access requests (GET and POST /api/console/institutions/:id/...):
// query options, one mutation hook per librarian action, and the files (CSV, ID images) that are
// fetched with the librarian's credentials (never a public URL).
import { saveFile } from './save-file';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { IdRequestList, MemberDetail, MembersList, type MemberFilter, type MembersQuery } from '../../../shared/schemas/console-members';
import { BulkResult, ImportPreview, ImportResult, type BulkBody } from '../../../shared/schemas/member-import';
import { apiGet, apiPost, currentCredentials, replyOf } from '../../lib/api';
import { send, type Query } from '../../lib/http';
import { consoleKeys } from './queries';

const base = (institutionId: number) => `/api/console/institutions/${institutionId}`;

export const membersKeys = {
  members: (institutionId: number) => [...consoleKeys.all, institutionId, 'members'] as const,
  list: (institutionId: number, q: MembersQuery) => [...membersKeys.members(institutionId), 'list', q] as const,
  member: (institutionId: number, memberId: number) => [...membersKeys.members(institutionId), 'member', memberId] as const,
  requests: (institutionId: number) => [...consoleKeys.all, institutionId, 'id-requests'] as const,
};

export const membersQuery = (institutionId: number, q: MembersQuery) =>
  queryOptions({
    queryKey: membersKeys.list(institutionId, q),
    queryFn: ({ signal }) => apiGet(`${base(institutionId)}/members`, MembersList, { ...q }, signal),
    placeholderData: (previous) => previous,
    retry: false,
  });

export const memberQuery = (institutionId: number, memberId: number) =>
  queryOptions({
    queryKey: membersKeys.member(institutionId, memberId),
    queryFn: ({ signal }) => apiGet(`${base(institutionId)}/members/${memberId}`, MemberDetail, undefined, signal),
    retry: false,
  });

export const idRequestsQuery = (institutionId: number) =>
  queryOptions({
    queryKey: membersKeys.requests(institutionId),
    queryFn: ({ signal }) => apiGet(`${base(institutionId)}/id-requests`, IdRequestList, undefined, signal),
    retry: false,
  });

/** A file the console shows or saves, fetched with the librarian's credentials. */
export async function consoleFile(path: string, query?: Query): Promise<Blob> {
  const res = await send('GET', path, { query, ...currentCredentials() });
  if (!res.ok) await replyOf(Promise.resolve(res)); // throws the server's error
  return res.blob();
}

export const idImageQuery = (institutionId: number, requestId: number) =>
  queryOptions({
    queryKey: [...membersKeys.requests(institutionId), requestId, 'image'] as const,
    queryFn: async () => {
      const blob = await consoleFile(`${base(institutionId)}/id-requests/${requestId}/image`);
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(blob);
      });
    },
    staleTime: Infinity,
    retry: false,
  });

/** Saves the members the search and filter match as a CSV file. */
export async function downloadMembersCsv(institutionId: number, q: string, filter: MemberFilter): Promise<void> {
  saveFile(await consoleFile(`${base(institutionId)}/members.csv`, { q, filter }), `members-${institutionId}-${filter}.csv`);
}

const Ok = z.object({ ok: z.literal(true) });
const Decided = Ok.extend({ told: z.boolean(), joined: z.boolean() });

export function useExtendAccess(institutionId: number, memberId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (until: string) => apiPost(`${base(institutionId)}/members/${memberId}/extend`, MemberDetail, { until }),
    onSuccess: (detail) => {
      client.setQueryData(membersKeys.member(institutionId, memberId), detail);
      return client.invalidateQueries({ queryKey: [...membersKeys.members(institutionId), 'list'] });
    },
  });
}

export function useRemoveMember(institutionId: number, memberId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(`${base(institutionId)}/members/${memberId}/remove`, Ok),
    onSuccess: () => client.invalidateQueries({ queryKey: membersKeys.members(institutionId) }),
  });
}

export function useDecideIdRequest(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: { requestId: number; decision: 'approve' } | { requestId: number; decision: 'reject'; reason: string }) =>
      apiPost(
        `${base(institutionId)}/id-requests/${d.requestId}/${d.decision}`,
        Decided,
        d.decision === 'reject' ? { reason: d.reason } : {},
      ),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: membersKeys.requests(institutionId) }),
        client.invalidateQueries({ queryKey: membersKeys.members(institutionId) }),
        client.invalidateQueries({ queryKey: consoleKeys.overview(institutionId) }),
      ]),
  });
}

/** Checks a CSV file of people to add; writes nothing. */
export function usePreviewImport(institutionId: number) {
  return useMutation({ mutationFn: (csv: string) => apiPost(`${base(institutionId)}/members/import/preview`, ImportPreview, { csv }) });
}

export function useImportMembers(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => apiPost(`${base(institutionId)}/members/import`, ImportResult, { csv }),
    onSuccess: () => client.invalidateQueries({ queryKey: membersKeys.members(institutionId) }),
  });
}

/** One action on the chosen members; each one's outcome comes back. */
export function useBulkMembers(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkBody) => apiPost(`${base(institutionId)}/members/bulk`, BulkResult, body),
    onSettled: () => client.invalidateQueries({ queryKey: membersKeys.members(institutionId) }),
  });
}
