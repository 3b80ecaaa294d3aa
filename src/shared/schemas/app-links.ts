// The store apps (spec §1): where /appdownload sends a reader who wants the app from a store.
import { z } from 'zod';

export const AppStores = z.object({
  /** Google Play's page of the Android app, or null when none is configured. */
  android: z.string().nullable(),
  /** The App Store's page of the iOS app, or null. */
  ios: z.string().nullable(),
});
export type AppStores = z.infer<typeof AppStores>;
