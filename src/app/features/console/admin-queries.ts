// The console's admin side and activity log: queries, and one mutation hook per admin action (each
// puts the answer in the cache, or refreshes what it changed).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  InstitutionSettings,
  CreateInstitutionBody,
  InstitutionSettingsBody,
  SamlBody,
  SsoBody,
} from '../../../shared/schemas/console-admin';
import type { MemberPrivacyBody } from '../../../shared/schemas/member-privacy';
import * as endpoints from '../../../shared/endpoints/console';
import { callApi } from '../../lib/api';
import { consoleKeys } from './queries';

export const adminKeys = {
  settings: (institutionId: number) => [...consoleKeys.all, institutionId, 'settings'] as const,
  librarians: (institutionId: number) => [...consoleKeys.all, institutionId, 'librarians'] as const,
  privacy: (institutionId: number) => [...consoleKeys.all, institutionId, 'privacy'] as const,
  /** null: the whole log (admins). */
  activity: (institutionId: number | null, page: number) => [...consoleKeys.all, institutionId ?? 'all', 'activity', page] as const,
};

export const settingsQuery = (institutionId: number) =>
  queryOptions({
    queryKey: adminKeys.settings(institutionId),
    queryFn: ({ signal }) => callApi(endpoints.consoleSettings, { params: { institutionId } }, signal),
    retry: false,
  });

export const privacyQuery = (institutionId: number) =>
  queryOptions({
    queryKey: adminKeys.privacy(institutionId),
    queryFn: ({ signal }) => callApi(endpoints.consolePrivacy, { params: { institutionId } }, signal),
    retry: false,
  });

/** What librarians see of members changes their member pages: those are fetched again. */
export function useSetPrivacy(institutionId: number) {
  const client = useQueryClient();
  const settled = useSettled();
  return useMutation({
    mutationFn: (body: MemberPrivacyBody) => callApi(endpoints.consolePrivacySave, { params: { institutionId }, body }),
    onSuccess: (saved) => {
      client.setQueryData(adminKeys.privacy(institutionId), saved);
      return Promise.all([settled(institutionId), client.invalidateQueries({ queryKey: [...consoleKeys.all, institutionId, 'members'] })]);
    },
  });
}

export const librariansQuery = (institutionId: number) =>
  queryOptions({
    queryKey: adminKeys.librarians(institutionId),
    queryFn: ({ signal }) => callApi(endpoints.consoleLibrarians, { params: { institutionId } }, signal),
    retry: false,
  });

export const activityQuery = (institutionId: number | null, page: number) =>
  queryOptions({
    queryKey: adminKeys.activity(institutionId, page),
    queryFn: ({ signal }) =>
      institutionId
        ? callApi(endpoints.consoleActivity, { params: { institutionId }, query: { page } }, signal)
        : callApi(endpoints.consoleAllActivity, { query: { page } }, signal),
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
    mutationFn: (body: CreateInstitutionBody) => callApi(endpoints.consoleInstitutions, { body }),
    // The institution list (GET /me) has a new one.
    onSuccess: (made) => Promise.all([settled(made.id, made), client.invalidateQueries({ queryKey: consoleKeys.me() })]),
  });
}

export function useUpdateInstitution(institutionId: number) {
  const client = useQueryClient();
  const settled = useSettled();
  return useMutation({
    mutationFn: (body: InstitutionSettingsBody) => callApi(endpoints.consoleSettingsSave, { params: { institutionId }, body }),
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
      body
        ? callApi(endpoints.consoleSso, { params: { institutionId }, body })
        : callApi(endpoints.consoleSsoOff, { params: { institutionId } }),
    onSuccess: (saved) => settled(institutionId, saved),
  });
}

/** Sets SAML sign-in from the identity provider's metadata (a body) or turns it off (null). */
export function useSaml(institutionId: number) {
  const settled = useSettled();
  return useMutation({
    mutationFn: (body: SamlBody | null) =>
      body
        ? callApi(endpoints.consoleSaml, { params: { institutionId }, body })
        : callApi(endpoints.consoleSamlOff, { params: { institutionId } }),
    onSuccess: (saved) => settled(institutionId, saved),
  });
}

/** Grants (or removes) the librarian role of the institution to the account with an e-mail. */
export function useLibrarianChange(institutionId: number, change: 'grant' | 'remove') {
  const client = useQueryClient();
  const settled = useSettled();
  return useMutation({
    mutationFn: (email: string) =>
      callApi(change === 'remove' ? endpoints.consoleLibrariansRemove : endpoints.consoleLibrariansAdd, {
        params: { institutionId },
        body: { email },
      }),
    onSuccess: (librarians) => {
      client.setQueryData(adminKeys.librarians(institutionId), librarians);
      return settled(institutionId);
    },
  });
}
