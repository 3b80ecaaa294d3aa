// The console's usage reports: a COUNTER report for a month range, the institution's
// SUSHI credentials, and its KBART holdings file.
import { z } from 'zod';
import { ATTRIBUTE_PARAMS, FILTER_PARAMS, Month, REPORT_IDS, type ReportId } from '../counter/reports';
import { InstitutionParams } from './console';
import { Email } from './account';
import { INT4_MAX, int, line } from './fields';

/** Months one report may span (ten years: a harvester asks a year at a time). */
export const REPORT_MONTHS_MAX = 120;

export const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;

export const ReportParams = InstitutionParams.extend({
  // A closed set, in either case: the pattern first keeps control characters out of the message.
  report: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,20}$/, { error: `expected one of ${REPORT_IDS.join(', ')}` })
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(REPORT_IDS as [ReportId, ...ReportId[]], { error: `expected one of ${REPORT_IDS.join(', ')}` })),
});

type Range = { begin: string; end: string };
const ordered = [
  (q: Range) => q.begin <= q.end,
  { message: 'the first month must not be after the last', path: ['end'] as PropertyKey[] },
] as const;
const notTooLong = [
  (q: Range) => monthIndex(q.end) - monthIndex(q.begin) < REPORT_MONTHS_MAX,
  { message: `a report spans at most ${REPORT_MONTHS_MAX} months`, path: ['end'] as PropertyKey[] },
] as const;

export const ReportQuery = z
  .object({ begin: Month, end: Month })
  .refine(...ordered)
  .refine(...notTooLong);

const optionalText = line().max(1000).optional();
/** A COUNTER report in the console: the months, and a master report's filters and attributes
 * under the COUNTER_SUSHI parameters' names (`|`-separated lists; values COUNTER does not allow
 * are named in the report's exceptions 3060 and 3062, as a harvester gets them). */
export const CounterReportQuery = z
  .object({
    begin: Month,
    end: Month,
    metric_type: optionalText,
    data_type: optionalText,
    access_type: optionalText,
    access_method: optionalText,
    yop: optionalText,
    attributes_to_show: optionalText,
    granularity: optionalText,
  } satisfies Record<keyof typeof FILTER_PARAMS | (typeof ATTRIBUTE_PARAMS)[number] | keyof Range, unknown>)
  .refine(...ordered)
  .refine(...notTooLong);
export type ReportQuery = z.infer<typeof ReportQuery>;

export const SushiRequestor = z.object({
  id: z.number().int(),
  name: z.string(),
  requestorId: z.string(),
  createdAt: z.string(),
  keyMadeAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type SushiRequestor = z.infer<typeof SushiRequestor>;

/** GET /api/console/institutions/:id/sushi: where a harvester asks, the customer_id, and each
 * named requestor (its api_key is never read back). */
export const SushiSettings = z.object({
  url: z.string(),
  kbartUrl: z.string(),
  customerId: z.string(),
  requestors: z.array(SushiRequestor),
  max: z.number().int(),
});
export type SushiSettings = z.infer<typeof SushiSettings>;

/** POST …/sushi/requestors and …/sushi/requestors/:requestorId/key: the key, shown once. */
export const IssuedSushiKey = z.object({ requestor: SushiRequestor, apiKey: z.string() });
export type IssuedSushiKey = z.infer<typeof IssuedSushiKey>;

export const RequestorBody = z.object({
  name: line({ error: 'Give the requestor a name.' })
    .min(1, 'Give the requestor a name.')
    .max(60, 'A requestor name has at most 60 characters.'),
});
export const RequestorParams = InstitutionParams.extend({ requestorId: int(1, INT4_MAX, 'expected a requestor id') });

/** Monthly reports by e-mail: which report goes to which address. */
export const ReportSubscription = z.object({
  id: z.number().int(),
  report: z.enum(REPORT_IDS as [ReportId, ...ReportId[]]),
  email: z.string(),
  createdAt: z.string(),
  /** The month last sent (YYYY-MM), null before the first. */
  lastMonth: z.string().nullable(),
  lastSentAt: z.string().nullable(),
});
export type ReportSubscription = z.infer<typeof ReportSubscription>;
export const ReportSubscriptions = z.object({ subscriptions: z.array(ReportSubscription), max: z.number().int() });
export type ReportSubscriptions = z.infer<typeof ReportSubscriptions>;
export const SubscriptionBody = z.object({
  report: z
    .string({ error: `expected one of ${REPORT_IDS.join(', ')}` })
    .regex(/^[A-Za-z0-9_]{1,20}$/, { error: `expected one of ${REPORT_IDS.join(', ')}` })
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(REPORT_IDS as [ReportId, ...ReportId[]], { error: `expected one of ${REPORT_IDS.join(', ')}` })),
  email: Email,
});
export const SubscriptionParams = InstitutionParams.extend({ subscriptionId: int(1, INT4_MAX, 'expected a subscription id') });

export const KbartFile = z.object({ fileName: z.string(), titles: z.number().int(), text: z.string() });
export type KbartFile = z.infer<typeof KbartFile>;

/** Reading under Smart Reading Zone passes, per zone and month: the zone owner's usage (the
 * console's breakdown of what its COUNTER reports count), or for an admin every zone's, public
 * ones (no owner, in no institution's reports) included. */
export const ZoneUsageRow = z.object({
  zoneId: z.number().int(),
  zone: z.string(),
  /** The owner the reading counted for; null: a public zone. */
  institution: z.string().nullable(),
  month: z.string(),
  /** Issues opened and stories read (COUNTER requests, before its double-click rule). */
  requests: z.number().int(),
  /** Those and pages turned (investigations). */
  investigations: z.number().int(),
  readers: z.number().int(),
});
export type ZoneUsageRow = z.infer<typeof ZoneUsageRow>;
export const ZoneUsageReply = z.object({ rows: z.array(ZoneUsageRow) });
export type ZoneUsageReply = z.infer<typeof ZoneUsageReply>;
