// Bulk member import by CSV (email, name, optional last day of access), its preview, and the
// bulk actions on the member list.
import { z } from 'zod';
import { int, isoDate, text } from './fields';

/** Rows a file may hold (after its header), and its size in characters. */
export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_MAX_CHARS = 256 * 1024;
/** Invitations an institution may send in a day (imports and sends again together): a
 * librarian's account cannot be used to mail strangers without bound. */
export const INVITES_PER_DAY = 3000;
/** Members one bulk action may take. */
export const BULK_MAX = 200;
/** An address is invited at most once in this many minutes (a resend flood mails no one twice). */
export const INVITE_GAP_MINUTES = 10;

export const ImportBody = z.object({
  // Lines and tabs, no other control character (a NUL, a binary file): the shared text field.
  csv: text({ error: 'Choose a CSV file.' })
    .min(1, 'The file is empty.')
    .max(IMPORT_MAX_CHARS, `The file is too large: at most ${IMPORT_MAX_CHARS / 1024} KB.`),
});

/** invite: made a member and mailed; member: already one (left as they are); error: not imported. */
export const ImportRow = z.object({
  line: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** The last day of access (YYYY-MM-DD), or null for the subscription's end. */
  until: z.string().nullable(),
  status: z.enum(['invite', 'member', 'error']),
  error: z.string().nullable(),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const ImportPreview = z.object({
  rows: z.array(ImportRow),
  invite: z.number().int(),
  members: z.number().int(),
  errors: z.number().int(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportResult = z.object({ invited: z.number().int(), members: z.number().int(), errors: z.number().int() });
export type ImportResult = z.infer<typeof ImportResult>;

export const BulkBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('extend'),
    memberIds: z.array(int(1)).min(1, 'Choose at least one member.').max(BULK_MAX, `Choose at most ${BULK_MAX} members at once.`),
    until: isoDate,
  }),
  z.object({
    action: z.enum(['remove', 'invite']),
    memberIds: z.array(int(1)).min(1, 'Choose at least one member.').max(BULK_MAX, `Choose at most ${BULK_MAX} members at once.`),
  }),
]);
export type BulkBody = z.infer<typeof BulkBody>;

/** Each member's outcome: done, or why not. */
export const BulkResult = z.object({
  results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), error: z.string().nullable() })),
});
export type BulkResult = z.infer<typeof BulkResult>;
