// The signed-in reader's data: details (login refresh), e-mail preferences, institution sign-ins and sessions.
import { queryOptions } from '@tanstack/react-query';
import { accountKeys } from '../../lib/account-keys';
import { callApi } from '../../lib/api';
import * as endpoints from '../../../shared/endpoints/account';
import * as network from '../../../shared/endpoints/network';

export { accountKeys };

export const detailsQuery = () => queryOptions({ queryKey: accountKeys.details(), queryFn: () => callApi(endpoints.userDetails) });
export const emailPreferencesQuery = () =>
  queryOptions({
    queryKey: accountKeys.emailPreferences(),
    queryFn: ({ signal }) => callApi(endpoints.userEmailpreference, {}, signal),
  });
/** The reader's institution sign-ins: linked, and those they could link. */
export const ssoLinksQuery = () =>
  queryOptions({
    queryKey: accountKeys.ssoLinks(),
    queryFn: ({ signal }) => callApi(endpoints.ssoAccount, {}, signal),
  });
export const sessionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => callApi(endpoints.userSessions, {}, signal),
  });
/** The Wi-Fi identities the member linked, for arrival told by a venue's network. */
export const wifiIdentitiesQuery = () =>
  queryOptions({
    queryKey: accountKeys.wifiIdentities(),
    queryFn: ({ signal }) => callApi(network.userNetworkIdentities, {}, signal),
  });
