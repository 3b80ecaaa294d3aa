// Usage events the app reports (spec §4: a search whose first page is empty records an event).
// The reader adds page views and opens here later.
import { z } from 'zod';
import { int, line } from './fields';

export const EventBody = z.object({
  kind: z.enum(['search_no_results']),
  detail: line().max(200).optional(),
  mode: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type EventBody = z.infer<typeof EventBody>;

/** A story read or a title's page seen: usage the librarians' COUNTER reports count. */
export const ViewEventBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('story_read'), url: line().min(1).max(300) }),
  z.object({ kind: z.literal('title_view'), mid: int(1), issueId: int(1).optional() }),
]);
export type ViewEventBody = z.infer<typeof ViewEventBody>;
