// The signed-in reader's query keys: the account screens read under them (features/account), and
// sign-in's screens write the details they get back (features/login). The 'account' root is
// persisted (lib/persist.ts), so these keys must keep their shape.
export const accountKeys = {
  all: ['account'] as const,
  details: () => [...accountKeys.all, 'details'] as const,
  emailPreferences: () => [...accountKeys.all, 'email-preferences'] as const,
  ssoLinks: () => [...accountKeys.all, 'sso-links'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  wifiIdentities: () => [...accountKeys.all, 'wifi-identities'] as const,
};
