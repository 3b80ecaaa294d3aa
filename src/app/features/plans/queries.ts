// Plans and orders: the plans on sale, one order (polled while its payment is being confirmed)
// and the reader's orders, each per user.
import { queryOptions } from '@tanstack/react-query';
import * as endpoints from '../../../shared/endpoints/plans';
import { callApi } from '../../lib/api';
import { session, storedUser } from '../../lib/session';

/** How long a payment page waits for the provider's webhook, asking every POLL_MS. */
export const POLL_MS = 2000;
export const POLL_FOR_MS = 60_000;

export const planKeys = {
  all: ['plans'] as const,
  list: () => [...planKeys.all, 'list'] as const,
  order: (id: string) => [...planKeys.all, 'order', storedUser()?.uid ?? '', id] as const,
  orders: () => [...planKeys.all, 'orders', storedUser()?.uid ?? ''] as const,
};

export const plansQuery = () =>
  queryOptions({
    queryKey: planKeys.list(),
    queryFn: ({ signal }) => callApi(endpoints.plans, {}, signal),
    staleTime: 60_000,
  });

/** One order; asked again while it is 'created', until POLL_FOR_MS after the page opened. */
export const orderQuery = (id: string, since: number) =>
  queryOptions({
    queryKey: planKeys.order(id),
    queryFn: () => callApi(endpoints.order, { body: { type: 3, order: id } }),
    enabled: !!id && session.isLoggedIn() && !!session.userToken(),
    retry: false,
    refetchInterval: (q) => (q.state.data?.state === 'created' && Date.now() - since < POLL_FOR_MS ? POLL_MS : false),
  });

export const ordersQuery = () =>
  queryOptions({
    queryKey: planKeys.orders(),
    queryFn: ({ signal }) => callApi(endpoints.orders, {}, signal),
    enabled: session.isLoggedIn() && !!session.userToken(),
  });
