// The library console's data (GET /api/console/...): the caller's role and an institution's overview.
import { queryOptions } from '@tanstack/react-query';
import * as endpoints from '../../../shared/endpoints/console';
import { callApi } from '../../lib/api';

export const consoleKeys = {
  all: ['console'] as const,
  me: () => [...consoleKeys.all, 'me'] as const,
  overview: (institutionId: number) => [...consoleKeys.all, institutionId, 'overview'] as const,
};

export const consoleMeQuery = () =>
  queryOptions({
    queryKey: consoleKeys.me(),
    queryFn: ({ signal }) => callApi(endpoints.consoleMe, {}, signal),
    retry: false,
  });

export const overviewQuery = (institutionId: number) =>
  queryOptions({
    queryKey: consoleKeys.overview(institutionId),
    queryFn: ({ signal }) => callApi(endpoints.consoleOverview, { params: { institutionId } }, signal),
    staleTime: 60_000,
    retry: false,
  });
