// One COUNTER report of an institution, from the pre-aggregated counts: what the console and the
// SUSHI API both answer.
import type { Queryable } from '../db/index';
import {
  buildReport,
  monthBefore,
  reportShape,
  type CounterException,
  type CounterReport,
  type ReportId,
  type ReportOptions,
} from '../../shared/counter/reports';
import { firstUsageMonth, usageRows } from '../repositories/counter-usage';

export interface ReportAsk {
  id: ReportId;
  institution: { id: number; name: string };
  begin: string;
  end: string;
  siteUrl: string;
  options?: ReportOptions;
  /** Exceptions the caller found in the request (parameters, dates), kept first in the header. */
  exceptions?: CounterException[];
  now?: Date;
}

export async function counterReport(db: Queryable, ask: ReportAsk): Promise<CounterReport> {
  const now = ask.now ?? new Date();
  const shape = reportShape(ask.id, ask.options);
  // Years of publication come from the counts kept per year of publication.
  const level = shape.attributes.includes('YOP') || shape.filters.YOP ? 'yop' : shape.level;
  const [rows, firstMonth] = await Promise.all([
    usageRows(db, ask.institution.id, { begin: ask.begin, end: ask.end, metrics: shape.metrics, level }),
    firstUsageMonth(db, ask.institution.id),
  ]);
  const exceptions = [...(ask.exceptions ?? [])];
  // The month under way is still counting (COUNTER_SUSHI 3031): say so, and give what there is.
  const current = now.toISOString().slice(0, 7);
  if (ask.end >= current)
    exceptions.push({
      Code: 3031,
      Message: 'Usage Not Ready for Requested Dates',
      Data: `Usage for ${current} and later is not final; the last complete month is ${monthBefore(current)}`,
    });
  // Before the first month with usage there is nothing kept to report (3032).
  if (firstMonth && ask.begin < firstMonth)
    exceptions.push({
      Code: 3032,
      Message: 'Usage No Longer Available for Requested Dates',
      Data: `Usage is available from ${firstMonth}`,
    });
  return buildReport({ ...ask, created: now, exceptions, firstMonth }, rows);
}
