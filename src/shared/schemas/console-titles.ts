// The console's Titles section: find a title, set its standard identifiers (ISSN print and
// online, ISBN). The identifiers are checked by shared/identifiers.ts on the server and in the form.
import { z } from 'zod';
import { int, line } from './fields';

export const ConsoleTitlesQuery = z.object({
  /** part of the name, or an ISSN or ISBN as typed */
  q: line({ error: 'expected search words' }).max(100, 'at most 100 characters').optional(),
  page: int(0, 1000).optional(),
});

export const ConsoleTitle = z.object({
  mid: z.number(),
  name: z.string(),
  type: z.enum(['magazine', 'newspaper', 'journal']),
  publisher: z.string(),
  printIssn: z.string().nullable(),
  onlineIssn: z.string().nullable(),
  isbn: z.string().nullable(),
});
export type ConsoleTitle = z.infer<typeof ConsoleTitle>;

export const CONSOLE_TITLES_PAGE = 25;
export const ConsoleTitlesReply = z.object({ titles: z.array(ConsoleTitle), more: z.boolean() });
export type ConsoleTitlesReply = z.infer<typeof ConsoleTitlesReply>;

export const TitleParams = z.object({ mid: int(1) });

/** As typed (no control characters): empty or null is "none"; the check (and its message naming the field) is the server's. */
const typed = line().max(300, 'at most 300 characters').nullable().optional();
export const TitleIdentifiersBody = z.object({ printIssn: typed, onlineIssn: typed, isbn: typed });
export type TitleIdentifiersBody = z.infer<typeof TitleIdentifiersBody>;
