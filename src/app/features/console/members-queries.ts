// The console's members and access requests (GET and POST /api/console/institutions/:id/...):
// query options, one mutation hook per librarian action, and the files (CSV, ID images) that are
// fetched with the librarian's credentials (never a public URL).
import { saveFile } from './save-file';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberFilter, MembersQuery } from '../../../shared/schemas/console-members';
import type { BulkBody } from '../../../shared/schemas/member-import';
import * as endpoints from '../../../shared/endpoints/console';
import { pathOf } from '../../../shared/endpoints/endpoint';
import { callApi, currentCredentials, replyOf } from '../../lib/api';
import { send, type Query } from '../../lib/http';
import { consoleKeys } from './queries';

export const membersKeys = {
  members: (institutionId: number) => [...consoleKeys.all, institutionId, 'members'] as const,
  list: (institutionId: number, q: MembersQuery) => [...membersKeys.members(institutionId), 'list', q] as const,
  member: (institutionId: number, memberId: number) => [...membersKeys.members(institutionId), 'member', memberId] as const,
  requests: (institutionId: number) => [...consoleKeys.all, institutionId, 'id-requests'] as const,
};

export const membersQuery = (institutionId: number, q: MembersQuery) =>
  queryOptions({
    queryKey: membersKeys.list(institutionId, q),
    queryFn: ({ signal }) => callApi(endpoints.consoleMembers, { params: { institutionId }, query: q }, signal),
    placeholderData: (previous) => previous,
    retry: false,
  });

export const memberQuery = (institutionId: number, memberId: number) =>
  queryOptions({
    queryKey: membersKeys.member(institutionId, memberId),
    queryFn: ({ signal }) => callApi(endpoints.consoleMember, { params: { institutionId, memberId } }, signal),
    retry: false,
  });

export const idRequestsQuery = (institutionId: number) =>
  queryOptions({
    queryKey: membersKeys.requests(institutionId),
    queryFn: ({ signal }) => callApi(endpoints.consoleIdRequests, { params: { institutionId } }, signal),
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
      const blob = await consoleFile(pathOf(endpoints.consoleIdRequestsImage, { institutionId, requestId }));
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
  saveFile(
    await consoleFile(pathOf(endpoints.consoleMembersCsv, { institutionId }), { q, filter }),
    `members-${institutionId}-${filter}.csv`,
  );
}

export function useExtendAccess(institutionId: number, memberId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (until: string) => callApi(endpoints.consoleMembersExtend, { params: { institutionId, memberId }, body: { until } }),
    onSuccess: (detail) => {
      client.setQueryData(membersKeys.member(institutionId, memberId), detail);
      return client.invalidateQueries({ queryKey: [...membersKeys.members(institutionId), 'list'] });
    },
  });
}

export function useRemoveMember(institutionId: number, memberId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(endpoints.consoleMembersRemove, { params: { institutionId, memberId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: membersKeys.members(institutionId) }),
  });
}

export function useDecideIdRequest(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: { requestId: number; decision: 'approve' } | { requestId: number; decision: 'reject'; reason: string }) =>
      d.decision === 'reject'
        ? callApi(endpoints.consoleIdRequestsReject, { params: { institutionId, requestId: d.requestId }, body: { reason: d.reason } })
        : callApi(endpoints.consoleIdRequestsApprove, { params: { institutionId, requestId: d.requestId } }),
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
  return useMutation({
    mutationFn: (csv: string) => callApi(endpoints.consoleMembersImportPreview, { params: { institutionId }, body: { csv } }),
  });
}

export function useImportMembers(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => callApi(endpoints.consoleMembersImport, { params: { institutionId }, body: { csv } }),
    onSuccess: () => client.invalidateQueries({ queryKey: membersKeys.members(institutionId) }),
  });
}

/** One action on the chosen members; each one's outcome comes back. */
export function useBulkMembers(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkBody) => callApi(endpoints.consoleMembersBulk, { params: { institutionId }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: membersKeys.members(institutionId) }),
  });
}
