// The console's admin side and activity log: queries, and one mutation hook per admin action (each
// puts the answer in the cache, or refreshes what it changed).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ActivityPage,
  InstitutionSettings,
  Librarians,
  type CreateInstitutionBody,
  type InstitutionSettingsBody,
  type SamlBody,
  type SsoBody,
} from '../../../shared/schemas/console-admin';
import { MemberPrivacy, type MemberPrivacyBody } from '../../../shared/schemas/member-privacy';
import { apiGet, apiPost } from '../../lib/api';
import { consoleKeys } from './queries';

export const adminKeys = {
  settings: (institutionId: number) => [...consoleKeys.all, institutionId, 'settings'] as const,
  librarians: (institutionId: number) => [...consoleKeys.all, institutionId, 'librarians'] as const,
  privacy: (institutionId: number) => [...consoleKeys.all, institutionId, 'privacy'] as const,
  /** null: the whole log (admins). */
  activity: (institutionId: number | null, page: number) => [...consoleKeys.all, institutionId ?? 'all', 'activity', page] as const,
};
const institutionPath = (institutionId: number) => `/api/console/institutions/${institutionId}`;

export const settingsQuery = (institutionId: number) =>
  queryOptions({
    queryKey: adminKeys.settings(institutionId),
    queryFn: ({ signal }) => apiGet(`${institutionPath(institutionId)}/settings`, InstitutionSettings, undefined, signal),
    retry: false,
  });

export const privacyQuery = (institutionId: number) =>
  queryOptions({
    queryKey: adminKeys.privacy(institutionId),
    queryFn: ({ signal }) => apiGet(`${institutionPath(institutionId)}/privacy`, MemberPrivacy, undefined, signal),
    retry: false,
  });

/** What librarians see of members changes their member pages: those are fetched again. */
export function useSetPrivacy(institutionId: number) {
  const client = useQueryClient();
  const settled = useSettled();
  return useMutation({
    mutationFn: (body: MemberPrivacyBody) => apiPost(`${institutionPath(institutionId)}/privacy`, MemberPrivacy, body),
    onSuccess: (saved) => {
      client.setQueryData(adminKeys.privacy(institutionId), saved);
      return Promise.all([settled(institutionId), client.invalidateQueries({ queryKey: [...consoleKeys.all, institutionId, 'members'] })]);
    },
  });
}

export const librariansQuery = (institutionId: number) =>
  queryOptions({
    queryKey: adminKeys.librarians(institutionId),
    queryFn: ({ signal }) => apiGet(`${institutionPath(institutionId)}/librarians`, Librarians, undefined, signal),
    retry: false,
  });

export const activityQuery = (institutionId: number | null, page: number) =>
  queryOptions({
    queryKey: adminKeys.activity(institutionId, page),
    queryFn: ({ signal }) =>
      apiGet(institutionId ? `${institutionPath(institutionId)}/activity` : '/api/console/activity', ActivityPage, { page }, signal),
    retry: false,
  });

/** Every change lands in the log: the activity pages are refreshed after each. */
function useSettled() {
  const client = useQueryClient();
  return (institutionId: number, settings?: InstitutionSettings) => {
    if (settings) client.setQueryData(adminKeys.settings(institutionId), settings);
    return client.invalidateQueries({ predicate: (q) => q.queryKey.includes('activity') });
  };
}

export function useCreateInstitution() {
  const client = useQueryClient();
  const settled = useSettled();
  return useMutation({
    mutationFn: (body: CreateInstitutionBody) => apiPost('/api/console/institutions', InstitutionSettings, body),
    // The institution list (GET /me) has a new one.
    onSuccess: (made) => Promise.all([settled(made.id, made), client.invalidateQueries({ queryKey: consoleKeys.me() })]),
  });
}

export function useUpdateInstitution(institutionId: number) {
  const client = useQueryClient();
  const settled = useSettled();
  return useMutation({
    mutationFn: (body: InstitutionSettingsBody) => apiPost(`${institutionPath(institutionId)}/settings`, InstitutionSettings, body),
    // The access section shows the subscription too.
    onSuccess: (saved) =>
      Promise.all([settled(institutionId, saved), client.invalidateQueries({ queryKey: [...consoleKeys.all, institutionId, 'access'] })]),
  });
}

/** Sets single sign-on (a body) or turns it off (null). */
export function useSso(institutionId: number) {
  const settled = useSettled();
  return useMutation({
    mutationFn: (body: SsoBody | null) =>
      apiPost(`${institutionPath(institutionId)}/sso${body ? '' : '/off'}`, InstitutionSettings, body ?? {}),
    onSuccess: (saved) => settled(institutionId, saved),
  });
}

/** Sets SAML sign-in from the identity provider's metadata (a body) or turns it off (null). */
export function useSaml(institutionId: number) {
  const settled = useSettled();
  return useMutation({
    mutationFn: (body: SamlBody | null) =>
      apiPost(`${institutionPath(institutionId)}/saml${body ? '' : '/off'}`, InstitutionSettings, body ?? {}),
    onSuccess: (saved) => settled(institutionId, saved),
  });
}

/** Grants (or removes) the librarian role of the institution to the account with an e-mail. */
export function useLibrarianChange(institutionId: number, change: 'grant' | 'remove') {
  const client = useQueryClient();
  const settled = useSettled();
  return useMutation({
    mutationFn: (email: string) =>
      apiPost(`${institutionPath(institutionId)}/librarians${change === 'remove' ? '/remove' : ''}`, Librarians, { email }),
    onSuccess: (librarians) => {
      client.setQueryData(adminKeys.librarians(institutionId), librarians);
      return settled(institutionId);
    },
  });
}
