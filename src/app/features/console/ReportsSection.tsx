// Usage reports: a COUNTER 5.1 report (PR, TR and their standard views) for a month range, as a
// table and a chart of one metric per month, downloadable as TSV or CSV (with the Code of
// Practice's header rows) and as COUNTER JSON.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { REPORT_IDS, REPORTS, monthsBetween, type ReportId } from '../../../shared/counter/reports';
import { monthHeading, reportFileName, reportTable, reportText } from '../../../shared/counter/tabular';
import { downloadText, reportQuery, zoneUsageQuery } from './reports-queries';
import { consoleTexts, type ConsoleTextKey } from './texts';
import { UsageChart } from './UsageChart';
import { ReportMailsPanel } from './ReportMailsPanel';
import { Problem, statusOf, type SectionProps } from './ConsoleParts';

/** Identifier columns Lectern leaves empty (no DOI or ISSN in the catalogue): kept in the files, not on screen. */
const HIDDEN = new Set(['Publisher', 'Publisher_ID', 'DOI', 'Proprietary_ID', 'ISBN', 'Print_ISSN', 'Online_ISSN', 'URI']);

const monthOf = (d: Date) => d.toISOString().slice(0, 7);
/** The last twelve months, the one under way included. */
function lastYear(now = new Date()) {
  return { begin: monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))), end: monthOf(now) };
}

/** Reading in Smart Reading Zones per zone and month (the institution's own, or every zone for an
 * admin, with whom it counted for). */
function ZoneUsage({ institutionId, begin, end }: { institutionId: number | null; begin: string; end: string }) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const usage = useQuery({ ...zoneUsageQuery(institutionId, begin, end), enabled: Boolean(begin && end && begin <= end) });
  const all = institutionId === null;
  const number = (n: number) => n.toLocaleString(lang);
  return (
    <div className="console__panel" data-testid={all ? 'zone-usage-all' : 'zone-usage'}>
      <h3 className="console__subheading">{t('zoneUsageTitle')}</h3>
      <p className="console__note">{all ? t('zoneUsageAdminHelp') : t('zoneUsageHelp')}</p>
      {usage.error ? (
        <Problem text={t('loadFailed')} retry={usage.refetch} />
      ) : !usage.data ? (
        <span className="skeleton skeleton--title" aria-hidden="true" />
      ) : usage.data.rows.length === 0 ? (
        <p className="console__empty">{t('zoneUsageNone')}</p>
      ) : (
        <div className="console-report__scroll" tabIndex={0} role="region" aria-label={t('zoneUsageTitle')}>
          <table className="console-report__table">
            <thead>
              <tr>
                <th scope="col">{t('zoneUsageZone')}</th>
                {all && <th scope="col">{t('zoneUsageOwner')}</th>}
                <th scope="col">{t('zoneUsageMonth')}</th>
                <th scope="col">{t('zoneUsageRequests')}</th>
                <th scope="col">{t('zoneUsageInvestigations')}</th>
                <th scope="col">{t('zoneUsageReaders')}</th>
              </tr>
            </thead>
            <tbody>
              {usage.data.rows.map((r) => (
                <tr key={`${r.zoneId}-${r.month}-${r.institution}`}>
                  <td>{r.zone}</td>
                  {all && <td>{r.institution ?? t('zoneUsagePublic')}</td>}
                  <td>{monthHeading(r.month)}</td>
                  <td className="console-report__n">{number(r.requests)}</td>
                  <td className="console-report__n">{number(r.investigations)}</td>
                  <td className="console-report__n">{number(r.readers)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function ReportsSection({ institutionId, me }: SectionProps) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const [id, setId] = useState<ReportId>('TR_J1');
  const [range, setRange] = useState(lastYear);
  const valid = range.begin && range.end && range.begin <= range.end;
  const report = useQuery({
    ...reportQuery(institutionId, id, range.begin, range.end),
    enabled: Boolean(valid),
    placeholderData: keepPreviousData,
  });
  const number = (n: number | string) => (typeof n === 'number' ? n.toLocaleString(lang) : n);

  const controls = (
    <form className="console-report__controls" onSubmit={(e) => e.preventDefault()}>
      <label>
        <span>{t('reportChoice')}</span>
        <select value={id} onChange={(e) => setId(e.target.value as ReportId)} data-testid="report-choice">
          {REPORT_IDS.map((r) => (
            <option key={r} value={r}>
              {`${r} · ${t(`report_${r}` as ConsoleTextKey)}`}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('fromMonth')}</span>
        <input
          type="month"
          value={range.begin}
          max={range.end}
          onChange={(e) => setRange({ ...range, begin: e.target.value })}
          data-testid="report-begin"
        />
      </label>
      <label>
        <span>{t('toMonth')}</span>
        <input
          type="month"
          value={range.end}
          min={range.begin}
          onChange={(e) => setRange({ ...range, end: e.target.value })}
          data-testid="report-end"
        />
      </label>
    </form>
  );

  const body = (() => {
    if (!valid) return <Problem text={t('badRange')} />;
    if (report.error) {
      const status = statusOf(report.error);
      if (status === 403) return <Problem text={t('otherInstitution')} />;
      if (status === 400 || status === 404) return <Problem text={report.error.message} />;
      return <Problem text={t('loadFailed')} retry={report.refetch} />;
    }
    const r = report.data;
    if (!r) return <span className="skeleton skeleton--title" aria-hidden="true" />;
    const table = reportTable(r);
    // A title's platform and the access method are the same on every row: in the files, not on screen.
    const same = REPORTS[id].level === 'title' ? ['Platform', 'Access_Method'] : [];
    const shown = table.columns.map((c, i) => [c, i] as const).filter(([c]) => !HIDDEN.has(c) && !same.includes(c));
    const metrics: readonly string[] = REPORTS[id].metrics;
    const metric = metrics.includes('Total_Item_Requests') ? 'Total_Item_Requests' : metrics[0];
    const at = table.columns.indexOf('Metric_Type');
    const months = monthsBetween(range.begin, range.end).map((month, k) => ({
      month,
      label: new Date(`${month}-01T00:00:00Z`).toLocaleDateString(lang, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
      n: table.rows.filter((row) => row[at] === metric).reduce((sum, row) => sum + Number(row[at + 2 + k]), 0),
    }));
    const download = (format: 'tsv' | 'csv' | 'json') =>
      format === 'json'
        ? downloadText(reportFileName(r, 'json'), JSON.stringify(r, null, 2), 'application/json')
        : downloadText(reportFileName(r, format), reportText(r, format), format === 'tsv' ? 'text/tab-separated-values' : 'text/csv');
    const notes = (r.Report_Header.Exceptions ?? []).map((e) =>
      e.Code === 3030 ? t('noUsage') : e.Code === 3031 ? t('notFinal') : e.Message,
    );
    return (
      <>
        <div className="console-report__downloads">
          {(['tsv', 'csv', 'json'] as const).map((f) => (
            <button key={f} type="button" className="button button--ghost" onClick={() => download(f)} data-testid={`download-${f}`}>
              {t(`download_${f}`)}
            </button>
          ))}
        </div>
        {notes.map((note) => (
          <p key={note} className="console__note">
            {note}
          </p>
        ))}
        <div className="console__panel">
          <UsageChart metric={metric.replace(/_/g, ' ')} months={months} />
        </div>
        <div className="console-report__scroll" tabIndex={0} role="region" aria-label={t('reportTable')}>
          <table className="console-report__table" data-testid="report-table">
            <thead>
              <tr>
                {shown.map(([c]) => (
                  <th key={c} scope="col">
                    {c.replace(/_/g, ' ')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, k) => (
                <tr key={k}>
                  {shown.map(([c, i]) => (
                    <td key={c} className={typeof row[i] === 'number' ? 'console-report__n' : undefined}>
                      {c === 'Metric_Type' ? String(row[i]).replace(/_/g, ' ') : number(row[i])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {!table.rows.length && <p className="console__empty">{t('noUsage')}</p>}
        </div>
        <p className="console__note">{t('reportsNote', { months: monthHeading(range.begin) + ' – ' + monthHeading(range.end) })}</p>
      </>
    );
  })();

  return (
    <section aria-labelledby="reports-title" className="console__section">
      <h2 id="reports-title" className="console__heading">
        {t('reports')}
      </h2>
      {controls}
      {body}
      <ZoneUsage institutionId={institutionId} begin={range.begin} end={range.end} />
      {me.role === 'admin' && <ZoneUsage institutionId={null} begin={range.begin} end={range.end} />}
      <ReportMailsPanel institutionId={institutionId} />
    </section>
  );
}
