// Usage events the app reports (spec §4: a search whose first page is empty records an event).
// The reader adds page views and opens here later.
import { z } from 'zod';
import { line } from './fields';

export const EventBody = z.object({
  kind: z.enum(['search_no_results']),
  detail: line().max(200).optional(),
  mode: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type EventBody = z.infer<typeof EventBody>;
