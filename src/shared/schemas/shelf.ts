// My Shelf: the issues a reader has started, with where they stopped, for the
// "Continue reading" shelf on home and the My Shelf screen.
import { z } from 'zod';
import { CONTINUE_ISSUES_MAX } from '../constants';

/** Issue ids this device has progress for that the server may not have yet (comma list). */
export const ContinueQuery = z.object({
  issues: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,19}$/, `expected up to ${CONTINUE_ISSUES_MAX} issue ids separated by commas`)
    .optional(),
});

export const ContinueItem = z.object({
  issueId: z.number().int(),
  mid: z.number().int(),
  titleName: z.string(),
  issueName: z.string(),
  /** Pages in the issue. */
  pages: z.number().int(),
  /** The page saved on the server (any device), null when only this device knows it. */
  page: z.number().int().nullable(),
  /** When that page was saved (epoch ms), null with it. */
  at: z.number().int().nullable(),
  imageSrc: z.string().nullable(),
  imageSrcSet: z.string().nullable(),
});
export type ContinueItem = z.infer<typeof ContinueItem>;

/** Newest first. */
export const ContinueReply = z.object({ items: z.array(ContinueItem) });
export type ContinueReply = z.infer<typeof ContinueReply>;
