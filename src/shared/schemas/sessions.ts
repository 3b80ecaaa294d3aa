// A reader's own sign-in sessions (My Account): where they are signed in, and ending one or all
// others. The device is told by its browser and system, the place by its network only.
import { z } from 'zod';

export const ReaderSession = z.object({
  id: z.uuid(),
  /** "Chrome", "Safari", …; null when the browser did not say. */
  browser: z.string().nullable(),
  /** "Android", "Windows", …; null when the browser did not say. */
  os: z.string().nullable(),
  /** Roughly where it was last used from: 203.0.113.x, 2001:db8:1::/48. */
  network: z.string().nullable(),
  signedInAt: z.string(),
  /** Kept to the day (a session's use is written at most once a day). */
  lastSeenAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type ReaderSession = z.infer<typeof ReaderSession>;

export const ReaderSessions = z.object({ sessions: z.array(ReaderSession) });
export type ReaderSessions = z.infer<typeof ReaderSessions>;

export const EndSessionBody = z.object({ id: z.uuid('expected a session id') });
export type EndSessionBody = z.infer<typeof EndSessionBody>;
