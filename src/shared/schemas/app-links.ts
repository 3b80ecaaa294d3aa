// The store apps (spec §1): where /appdownload sends a reader who wants the app from a store.
import { z } from 'zod';
import { ClaimLines } from './content';

export const AppStores = z.object({
  /** Google Play's page of the Android app, or null when none is configured. */
  android: z.string().nullable(),
  /** The App Store's page of the iOS app, or null. */
  ios: z.string().nullable(),
  /** Spec §1 marketing claims from the configuration, shown above the install steps. */
  claims: ClaimLines,
});
export type AppStores = z.infer<typeof AppStores>;
