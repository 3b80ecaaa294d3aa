// The console's usage reports (GET /api/console/institutions/:id/reports|sushi|kbart): a COUNTER
// report for a month range, the SUSHI requestors and their keys, monthly reports by e-mail, the KBART file.
import { saveFile } from './save-file';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportId } from '../../../shared/counter/reports';
import * as endpoints from '../../../shared/endpoints/console';
import { callApi } from '../../lib/api';
import { consoleKeys } from './queries';

export const reportKeys = {
  report: (institutionId: number, id: ReportId, begin: string, end: string, params: Record<string, string>) =>
    [...consoleKeys.all, institutionId, 'report', id, begin, end, params] as const,
  sushi: (institutionId: number) => [...consoleKeys.all, institutionId, 'sushi'] as const,
  subscriptions: (institutionId: number) => [...consoleKeys.all, institutionId, 'report-subscriptions'] as const,
};

/** A report; `params` are a master report's filters and attributes (COUNTER_SUSHI names). */
export const reportQuery = (institutionId: number, id: ReportId, begin: string, end: string, params: Record<string, string> = {}) =>
  queryOptions({
    queryKey: reportKeys.report(institutionId, id, begin, end, params),
    queryFn: ({ signal }) =>
      callApi(endpoints.consoleReports, { params: { institutionId, report: id.toLowerCase() }, query: { begin, end, ...params } }, signal),
    staleTime: 60_000,
    retry: false,
  });

/** Reading in Smart Reading Zones per zone and month: the institution's zones, or (null, admins)
 * every zone, public ones included. */
export const zoneUsageQuery = (institutionId: number | null, begin: string, end: string) =>
  queryOptions({
    queryKey: [...consoleKeys.all, institutionId ?? 'all', 'zone-usage', begin, end] as const,
    queryFn: ({ signal }) =>
      institutionId === null
        ? callApi(endpoints.consoleAdminZoneUsage, { query: { begin, end } }, signal)
        : callApi(endpoints.consoleZoneUsage, { params: { institutionId }, query: { begin, end } }, signal),
    staleTime: 60_000,
    retry: false,
  });

export const sushiQuery = (institutionId: number) =>
  queryOptions({
    queryKey: reportKeys.sushi(institutionId),
    queryFn: ({ signal }) => callApi(endpoints.consoleSushi, { params: { institutionId } }, signal),
    retry: false,
  });

export const fetchKbart = (institutionId: number) => callApi(endpoints.consoleKbart, { params: { institutionId } });

/** A SUSHI requestor made, or given a new key: the answer carries the api_key, shown until the section is left. */
export function useSushiKey(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ask: { name: string } | { id: number }) =>
      'id' in ask
        ? callApi(endpoints.consoleSushiRequestorsKey, { params: { institutionId, requestorId: ask.id } })
        : callApi(endpoints.consoleSushiRequestors, { params: { institutionId }, body: ask }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.sushi(institutionId) }),
  });
}

export function useRevokeSushi(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(endpoints.consoleSushiRequestorsRevoke, { params: { institutionId, requestorId: id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.sushi(institutionId) }),
  });
}

export const subscriptionsQuery = (institutionId: number) =>
  queryOptions({
    queryKey: reportKeys.subscriptions(institutionId),
    queryFn: ({ signal }) => callApi(endpoints.consoleReportSubscriptions, { params: { institutionId } }, signal),
    retry: false,
  });

/** Subscribes an address to a monthly report, or ({ id }) removes one. */
export function useSubscriptionChange(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ask: { report: ReportId; email: string } | { id: number }) =>
      'id' in ask
        ? callApi(endpoints.consoleReportSubscriptionsRemove, { params: { institutionId, subscriptionId: ask.id } })
        : callApi(endpoints.consoleReportSubscriptionsAdd, { params: { institutionId }, body: ask }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.subscriptions(institutionId) }),
  });
}

/** Saves text as a file the browser downloads. */
export const downloadText = (fileName: string, text: string, type: string) => saveFile(new Blob([text], { type }), fileName);
