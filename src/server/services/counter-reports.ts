// One COUNTER report of an institution, from the pre-aggregated counts: what the console and the
// SUSHI API both answer.
import type { Queryable } from '../db/index';
import { REPORTS, buildReport, type CounterException, type CounterReport, type ReportId } from '../../shared/counter/reports';
import { usageRows } from '../repositories/counter-usage';

export interface ReportAsk {
  id: ReportId;
  institution: { id: number; name: string };
  begin: string;
  end: string;
  siteUrl: string;
  now?: Date;
}

export async function counterReport(db: Queryable, ask: ReportAsk): Promise<CounterReport> {
  const now = ask.now ?? new Date();
  const def = REPORTS[ask.id];
  const level = (def.attributes as readonly string[]).includes('YOP') ? 'yop' : def.level;
  const rows = await usageRows(db, ask.institution.id, { begin: ask.begin, end: ask.end, metrics: def.metrics, level });
  const report = buildReport({ ...ask, created: now }, rows);
  // The month under way is still counting (COUNTER_SUSHI 3031): say so, and give what there is.
  const current = now.toISOString().slice(0, 7);
  if (ask.end >= current) {
    const notReady: CounterException = {
      Code: 3031,
      Message: 'Usage Not Ready for Requested Dates',
      Data: `Usage for ${current} and later is not final`,
    };
    report.Report_Header.Exceptions = [...(report.Report_Header.Exceptions ?? []), notReady];
  }
  return report;
}
