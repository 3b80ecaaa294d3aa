// IP authentication by campus ranges: the console's ranges of an institution, and what the app
// asks to say where a visitor's access comes from.
import { z } from 'zod';
import { int } from './fields';
import { InstitutionParams } from './console';
import { Cidr } from './zones';

export const IpRange = z.object({
  id: z.number().int(),
  network: z.string(),
  state: z.enum(['proposed', 'approved']),
  proposedBy: z.string().nullable(),
  proposedAt: z.string(),
  approvedAt: z.string().nullable(),
  /** Wider than a librarian may propose (only a Lectern admin adds such a range). */
  wide: z.boolean(),
});
export type IpRange = z.infer<typeof IpRange>;

export const IpRanges = z.object({ ranges: z.array(IpRange) });
export type IpRanges = z.infer<typeof IpRanges>;

export const IpRangeBody = z.object({ network: Cidr });
export const IpRangeParams = InstitutionParams.extend({ rangeId: int(1, undefined, 'expected a range id') });

/** The institution whose campus range the request came from, or null. */
export const IpAccessReply = z.object({ institution: z.object({ id: z.number().int(), name: z.string() }).nullable() });
export type IpAccessReply = z.infer<typeof IpAccessReply>;
