// The library console's data (GET /api/console/...): the caller's role and an institution's overview.
import { queryOptions } from '@tanstack/react-query';
import { ConsoleMe, ConsoleOverview } from '../../../shared/schemas/console';
import { apiGet } from '../../lib/api';

export const consoleKeys = {
  all: ['console'] as const,
  me: () => [...consoleKeys.all, 'me'] as const,
  overview: (institutionId: number) => [...consoleKeys.all, institutionId, 'overview'] as const,
};

export const consoleMeQuery = () =>
  queryOptions({
    queryKey: consoleKeys.me(),
    queryFn: ({ signal }) => apiGet('/api/console/me', ConsoleMe, undefined, signal),
    retry: false,
  });

export const overviewQuery = (institutionId: number) =>
  queryOptions({
    queryKey: consoleKeys.overview(institutionId),
    queryFn: ({ signal }) => apiGet(`/api/console/institutions/${institutionId}/overview`, ConsoleOverview, undefined, signal),
    staleTime: 60_000,
    retry: false,
  });
