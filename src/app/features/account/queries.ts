// The signed-in reader's data: details (login refresh), e-mail preferences and sessions.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { EmailPreferences, UserInfo } from '../../../shared/schemas/account';
import { ReaderSessions } from '../../../shared/schemas/sessions';

export const accountKeys = {
  all: ['account'] as const,
  details: () => [...accountKeys.all, 'details'] as const,
  emailPreferences: () => [...accountKeys.all, 'email-preferences'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};

export const detailsQuery = () => queryOptions({ queryKey: accountKeys.details(), queryFn: () => apiPost('/api/user/details', UserInfo) });
export const emailPreferencesQuery = () =>
  queryOptions({
    queryKey: accountKeys.emailPreferences(),
    queryFn: ({ signal }) => apiGet('/api/user/emailpreference', EmailPreferences, undefined, signal),
  });
export const sessionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => apiGet('/api/user/sessions', ReaderSessions, undefined, signal),
  });
