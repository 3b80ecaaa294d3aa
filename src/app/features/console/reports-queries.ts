// The console's usage reports (GET /api/console/institutions/:id/reports|sushi|kbart): a COUNTER
// report for a month range, the SUSHI requestors and their keys, monthly reports by e-mail, the KBART file.
import { saveFile } from './save-file';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CounterReport, type ReportId } from '../../../shared/counter/reports';
import {
  IssuedSushiKey,
  KbartFile,
  ReportSubscription,
  ReportSubscriptions,
  SushiRequestor,
  SushiSettings,
  ZoneUsageReply,
} from '../../../shared/schemas/console-reports';
import { apiGet, apiPost } from '../../lib/api';
import { consoleKeys } from './queries';

export const reportKeys = {
  report: (institutionId: number, id: ReportId, begin: string, end: string, params: Record<string, string>) =>
    [...consoleKeys.all, institutionId, 'report', id, begin, end, params] as const,
  sushi: (institutionId: number) => [...consoleKeys.all, institutionId, 'sushi'] as const,
  subscriptions: (institutionId: number) => [...consoleKeys.all, institutionId, 'report-subscriptions'] as const,
};

const base = (institutionId: number) => `/api/console/institutions/${institutionId}`;

/** A report; `params` are a master report's filters and attributes (COUNTER_SUSHI names). */
export const reportQuery = (institutionId: number, id: ReportId, begin: string, end: string, params: Record<string, string> = {}) =>
  queryOptions({
    queryKey: reportKeys.report(institutionId, id, begin, end, params),
    queryFn: ({ signal }) => apiGet(`${base(institutionId)}/reports/${id.toLowerCase()}`, CounterReport, { begin, end, ...params }, signal),
    staleTime: 60_000,
    retry: false,
  });

/** Reading in Smart Reading Zones per zone and month: the institution's zones, or (null, admins)
 * every zone, public ones included. */
export const zoneUsageQuery = (institutionId: number | null, begin: string, end: string) =>
  queryOptions({
    queryKey: [...consoleKeys.all, institutionId ?? 'all', 'zone-usage', begin, end] as const,
    queryFn: ({ signal }) =>
      apiGet(
        institutionId === null ? '/api/console/admin/zone-usage' : `${base(institutionId)}/zone-usage`,
        ZoneUsageReply,
        { begin, end },
        signal,
      ),
    staleTime: 60_000,
    retry: false,
  });

export const sushiQuery = (institutionId: number) =>
  queryOptions({
    queryKey: reportKeys.sushi(institutionId),
    queryFn: ({ signal }) => apiGet(`${base(institutionId)}/sushi`, SushiSettings, undefined, signal),
    retry: false,
  });

export const fetchKbart = (institutionId: number) => apiGet(`${base(institutionId)}/kbart`, KbartFile);

/** A SUSHI requestor made, or given a new key: the answer carries the api_key, shown until the section is left. */
export function useSushiKey(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ask: { name: string } | { id: number }) =>
      'id' in ask
        ? apiPost(`${base(institutionId)}/sushi/requestors/${ask.id}/key`, IssuedSushiKey)
        : apiPost(`${base(institutionId)}/sushi/requestors`, IssuedSushiKey, ask),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.sushi(institutionId) }),
  });
}

export function useRevokeSushi(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost(`${base(institutionId)}/sushi/requestors/${id}/revoke`, SushiRequestor),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.sushi(institutionId) }),
  });
}

export const subscriptionsQuery = (institutionId: number) =>
  queryOptions({
    queryKey: reportKeys.subscriptions(institutionId),
    queryFn: ({ signal }) => apiGet(`${base(institutionId)}/report-subscriptions`, ReportSubscriptions, undefined, signal),
    retry: false,
  });

/** Subscribes an address to a monthly report, or ({ id }) removes one. */
export function useSubscriptionChange(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ask: { report: ReportId; email: string } | { id: number }) =>
      'id' in ask
        ? apiPost(`${base(institutionId)}/report-subscriptions/${ask.id}/remove`, ReportSubscription)
        : apiPost(`${base(institutionId)}/report-subscriptions`, ReportSubscription, ask),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.subscriptions(institutionId) }),
  });
}

/** Saves text as a file the browser downloads. */
export const downloadText = (fileName: string, text: string, type: string) => saveFile(new Blob([text], { type }), fileName);
