// The signed-in reader's data: details (login refresh), e-mail preferences, institution sign-ins and sessions.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { EmailPreferences, SsoLinks, UserInfo } from '../../../shared/schemas/account';
import { ReaderSessions } from '../../../shared/schemas/sessions';
import { Identities } from '../../../shared/schemas/network-arrivals';
import { accountKeys } from '../../lib/account-keys';

export { accountKeys };

export const detailsQuery = () => queryOptions({ queryKey: accountKeys.details(), queryFn: () => apiPost('/api/user/details', UserInfo) });
export const emailPreferencesQuery = () =>
  queryOptions({
    queryKey: accountKeys.emailPreferences(),
    queryFn: ({ signal }) => apiGet('/api/user/emailpreference', EmailPreferences, undefined, signal),
  });
/** The reader's institution sign-ins: linked, and those they could link. */
export const ssoLinksQuery = () =>
  queryOptions({
    queryKey: accountKeys.ssoLinks(),
    queryFn: ({ signal }) => apiGet('/api/sso/account', SsoLinks, undefined, signal),
  });
export const sessionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => apiGet('/api/user/sessions', ReaderSessions, undefined, signal),
  });
/** The Wi-Fi identities the member linked, for arrival told by a venue's network. */
export const wifiIdentitiesQuery = () =>
  queryOptions({
    queryKey: accountKeys.wifiIdentities(),
    queryFn: ({ signal }) => apiGet('/api/user/network-identities', Identities, undefined, signal),
  });
