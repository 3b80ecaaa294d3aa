// The institution's details kept on the device after sign-in, as the API's answers give them. The
// app's start reads the stored copy back with a small shape of its own (lib/session.ts), not zod.
import { z } from 'zod';

export const LibraryDetails = z.object({
  name: z.string(),
  logo1: z.string(),
  logo2: z.string(),
  logo3: z.string(),
  /** The librarian's address for "Ask my librarian" ('' when the institution gave none; absent in
   * details stored before it existed). */
  contact: z.string().optional(),
});
export type LibraryDetails = z.infer<typeof LibraryDetails>;
