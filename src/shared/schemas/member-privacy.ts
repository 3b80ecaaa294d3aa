// What an institution's librarians see of each member, and how long a member's reading is kept
// with their name on it (a Lectern admin chooses; librarians read it).
import { z } from 'zod';

/** Days a member's reading events keep naming them: the fewest, the default and the most. */
export const RETENTION_MIN_DAYS = 31;
export const RETENTION_DEFAULT_DAYS = 180;
export const RETENTION_MAX_DAYS = 1095;

export const MemberPrivacy = z.object({
  /** Librarians see each member's last-read title and when they last read. */
  showReading: z.boolean(),
  /** Librarians see each member's signed-in browsers and the devices holding downloads. */
  showDevices: z.boolean(),
  retentionDays: z.number().int(),
});
export type MemberPrivacy = z.infer<typeof MemberPrivacy>;

export const MemberPrivacyBody = z.object({
  showReading: z.boolean({ error: 'Say whether librarians see what members read.' }),
  showDevices: z.boolean({ error: 'Say whether librarians see members’ devices.' }),
  retentionDays: z
    .number({ error: 'Give the days as a whole number.' })
    .int('Give the days as a whole number.')
    .min(RETENTION_MIN_DAYS, `Keep reading history at least ${RETENTION_MIN_DAYS} days.`)
    .max(RETENTION_MAX_DAYS, `Keep reading history at most ${RETENTION_MAX_DAYS} days.`),
});
export type MemberPrivacyBody = z.infer<typeof MemberPrivacyBody>;
