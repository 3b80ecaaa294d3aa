// The console's usage reports (issue 15): a COUNTER report for a month range, the institution's
// SUSHI credentials, and its KBART holdings file.
import { z } from 'zod';
import { ATTRIBUTE_PARAMS, FILTER_PARAMS, Month, REPORT_IDS, type ReportId } from '../counter/reports';
import { line } from './fields';
import { InstitutionParams } from './console';

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

/** GET /api/console/institutions/:id/sushi: where and with what a harvester asks. The api_key
 * only comes back from a rotation; afterwards it cannot be read again. */
export const SushiSettings = z.object({
  url: z.string(),
  kbartUrl: z.string(),
  customerId: z.string().nullable(),
  requestorId: z.string().nullable(),
  apiKey: z.string().nullable(),
  rotatedAt: z.string().nullable(),
});
export type SushiSettings = z.infer<typeof SushiSettings>;

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
