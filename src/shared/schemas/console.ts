// The librarian console: who may use it and the overview of an institution.
import { z } from 'zod';
import { INT4_MAX, int } from './fields';

export const ConsoleRoleName = z.enum(['librarian', 'admin']);
export type ConsoleRoleName = z.infer<typeof ConsoleRoleName>;

export const ConsoleInstitution = z.object({ id: z.number().int(), name: z.string(), conCode: z.string().nullable() });
export type ConsoleInstitution = z.infer<typeof ConsoleInstitution>;

/** GET /api/console/me: the caller's role and the institutions they may run (an admin: all). */
export const ConsoleMe = z.object({ role: ConsoleRoleName, institutions: z.array(ConsoleInstitution) });
export type ConsoleMe = z.infer<typeof ConsoleMe>;

export const InstitutionParams = z.object({ institutionId: int(1, INT4_MAX, 'expected an institution id') });

/** Days in the overview's chart of reads. */
export const OVERVIEW_DAYS = 90;

/** GET /api/console/institutions/:institutionId/overview. Months and days are UTC. */
export const ConsoleOverview = z.object({
  institution: ConsoleInstitution,
  /** Readers who belong to the institution now. */
  members: z.number().int(),
  /** Members and others who read under the institution this month (opened an issue or turned a page). */
  activeReaders: z.number().int(),
  /** Issues opened under the institution this month. */
  reads: z.number().int(),
  /** The most opened titles this month, most first (up to 5). */
  topTitles: z.array(z.object({ mid: z.number().int(), name: z.string(), reads: z.number().int() })),
  /** Issues opened per day over the last OVERVIEW_DAYS days, oldest first, today last. */
  readsPerDay: z.array(z.object({ day: z.string(), reads: z.number().int() })),
});
export type ConsoleOverview = z.infer<typeof ConsoleOverview>;

/** A reply that is a text file (CSV), not JSON. */
export const CsvText = z.string();
