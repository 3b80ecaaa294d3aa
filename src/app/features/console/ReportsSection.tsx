// Usage reports: a COUNTER 5.1 report (PR, TR and their standard views) for a month range, the
// last complete month by default, with a master report's filters and breakdown, as a table (a
// page of rows at a time) and a chart of one metric per month, downloadable whole as TSV or CSV
// (with the Code of Practice's header rows) and as COUNTER JSON.
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { REPORT_IDS, REPORTS, monthBefore, monthsBetween, type Attribute, type ReportId } from '../../../shared/counter/reports';
import { monthHeading, reportFileName, reportTable, reportText } from '../../../shared/counter/tabular';
import { downloadText, reportQuery, zoneUsageQuery } from './reports-queries';
import { consoleTexts, type ConsoleTextKey } from './texts';
import { UsageChart } from './UsageChart';
import { ReportMailsPanel } from './ReportMailsPanel';
import { Problem, statusOf, type SectionProps } from './ConsoleParts';

/** Identifier columns Lectern leaves empty (no DOI or ISSN in the catalogue): kept in the files, not on screen. */
const HIDDEN = new Set(['Publisher', 'Publisher_ID', 'DOI', 'Proprietary_ID', 'ISBN', 'Print_ISSN', 'Online_ISSN', 'URI']);

/** The last complete month (COUNTER's figures for the month under way are not final). */
function lastMonth(now = new Date()) {
  const month = monthBefore(now.toISOString().slice(0, 7));
  return { begin: month, end: month };
}

/** Rows drawn at a time: a year of a large Title Report is thousands of rows. */
const PAGE_ROWS = 100;

/** What a master report (PR, TR) is asked for: nothing chosen means everything. */
interface Choice {
  metric_type: string[];
  data_type: string[];
  access_type: string[];
  yop: string;
  attributes_to_show: Attribute[];
  totals: boolean;
}
const NO_CHOICE: Choice = { metric_type: [], data_type: [], access_type: [], yop: '', attributes_to_show: [], totals: false };
/** The values the console offers: Lectern's own (its data types, its access types). */
const OFFERED = {
  PR: { data_type: ['Journal', 'Newspaper_or_Newsletter', 'Platform'], access_type: [] as string[], yop: false },
  TR: { data_type: ['Journal', 'Newspaper_or_Newsletter'], access_type: ['Controlled', 'Free_To_Read'], yop: true },
};

/** The COUNTER_SUSHI parameters of a choice, as the API and the console take them. */
function paramsOf(id: ReportId, c: Choice): Record<string, string> {
  if (id !== 'PR' && id !== 'TR') return {};
  const out: Record<string, string> = {};
  for (const key of ['metric_type', 'data_type', 'access_type', 'attributes_to_show'] as const)
    if (c[key].length) out[key] = c[key].join('|');
  if (c.yop.trim()) out.yop = c.yop.trim();
  if (c.totals) out.granularity = 'Total';
  return out;
}

function Checks({
  legend,
  values,
  chosen,
  label,
  onChange,
}: {
  legend: string;
  values: readonly string[];
  chosen: readonly string[];
  label: (v: string) => ReactNode;
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="console-report__group">
      <legend>{legend}</legend>
      {values.map((v) => (
        <label key={v} className="console-report__check">
          <input
            type="checkbox"
            checked={chosen.includes(v)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, v] : chosen.filter((x) => x !== v))}
          />
          <span>{label(v)}</span>
        </label>
      ))}
    </fieldset>
  );
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
  const [range, setRange] = useState(lastMonth);
  const [choice, setChoice] = useState<Choice>(NO_CHOICE);
  const [page, setPage] = useState(0);
  const valid = range.begin && range.end && range.begin <= range.end;
  const params = paramsOf(id, choice);
  const report = useQuery({
    ...reportQuery(institutionId, id, range.begin, range.end, params),
    enabled: Boolean(valid),
    placeholderData: keepPreviousData,
  });
  const number = (n: number | string) => (typeof n === 'number' ? n.toLocaleString(lang) : n);

  const controls = (
    <form className="console-report__controls" onSubmit={(e) => e.preventDefault()}>
      <label>
        <span>{t('reportChoice')}</span>
        <select
          value={id}
          onChange={(e) => {
            setId(e.target.value as ReportId);
            setChoice(NO_CHOICE);
            setPage(0);
          }}
          data-testid="report-choice"
        >
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
          onChange={(e) => {
            setRange({ ...range, begin: e.target.value });
            setPage(0);
          }}
          data-testid="report-begin"
        />
      </label>
      <label>
        <span>{t('toMonth')}</span>
        <input
          type="month"
          value={range.end}
          min={range.begin}
          onChange={(e) => {
            setRange({ ...range, end: e.target.value });
            setPage(0);
          }}
          data-testid="report-end"
        />
      </label>
    </form>
  );

  const master = id === 'PR' || id === 'TR' ? id : null;
  const choose = (next: Partial<Choice>) => {
    setChoice({ ...choice, ...next });
    setPage(0);
  };
  const options = master && (
    <details className="console-report__options" data-testid="report-options">
      <summary>{t('reportOptions')}</summary>
      <Checks
        legend={t('optMetrics')}
        values={REPORTS[master].metrics}
        chosen={choice.metric_type}
        label={(v) => v.replace(/_/g, ' ')}
        onChange={(metric_type) => choose({ metric_type })}
      />
      <Checks
        legend={t('optDataTypes')}
        values={OFFERED[master].data_type}
        chosen={choice.data_type}
        label={(v) => v.replace(/_/g, ' ')}
        onChange={(data_type) => choose({ data_type })}
      />
      {OFFERED[master].access_type.length > 0 && (
        <Checks
          legend={t('optAccessTypes')}
          values={OFFERED[master].access_type}
          chosen={choice.access_type}
          label={(v) => v.replace(/_/g, ' ')}
          onChange={(access_type) => choose({ access_type })}
        />
      )}
      {OFFERED[master].yop && (
        <label className="console-report__group">
          <span>{t('optYop')}</span>
          <input
            type="text"
            inputMode="numeric"
            value={choice.yop}
            placeholder={t('optYopHint')}
            onChange={(e) => choose({ yop: e.target.value })}
            data-testid="report-yop"
          />
        </label>
      )}
      <Checks
        legend={t('optAttributes')}
        values={master === 'TR' ? ['YOP', 'Access_Type', 'Access_Method'] : ['Access_Method']}
        chosen={choice.attributes_to_show}
        label={(v) => t(`attr_${v}` as ConsoleTextKey)}
        onChange={(next) => choose({ attributes_to_show: next as Attribute[] })}
      />
      <label className="console-report__check">
        <input type="checkbox" checked={choice.totals} onChange={(e) => choose({ totals: e.target.checked })} data-testid="report-totals" />
        <span>{t('optTotals')}</span>
      </label>
      <p className="console__note">{t('optAll')}</p>
    </details>
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
    // A title's platform is the same on every row: in the files, not on screen.
    const same = REPORTS[id].level === 'title' ? ['Platform'] : [];
    const shown = table.columns.map((c, i) => [c, i] as const).filter(([c]) => !HIDDEN.has(c) && !same.includes(c));
    const metrics: readonly string[] = REPORTS[id].metrics;
    const metric = metrics.includes('Total_Item_Requests') ? 'Total_Item_Requests' : metrics[0];
    const at = table.columns.indexOf('Metric_Type');
    const monthly = table.columns.length > at + 2;
    const pages = Math.max(1, Math.ceil(table.rows.length / PAGE_ROWS));
    const shownPage = Math.min(page, pages - 1);
    const pageRows = table.rows.slice(shownPage * PAGE_ROWS, (shownPage + 1) * PAGE_ROWS);
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
      e.Code === 3030
        ? t('noUsage')
        : e.Code === 3031
          ? t('notFinal')
          : e.Code === 3032
            ? t('beforeFirst', { month: monthHeading(e.Data?.slice(-7) ?? range.begin) })
            : e.Message,
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
        {monthly && (
          <div className="console__panel">
            <UsageChart metric={metric.replace(/_/g, ' ')} months={months} />
          </div>
        )}
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
              {pageRows.map((row, k) => (
                <tr key={shownPage * PAGE_ROWS + k}>
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
        {pages > 1 && (
          <nav className="console-report__pages" aria-label={t('reportTable')} data-testid="report-pages">
            <button type="button" className="button button--ghost" disabled={shownPage === 0} onClick={() => setPage(shownPage - 1)}>
              {t('pagePrevious')}
            </button>
            <span aria-live="polite">
              {t('reportRowsOf', {
                from: number(shownPage * PAGE_ROWS + 1),
                to: number(shownPage * PAGE_ROWS + pageRows.length),
                total: number(table.rows.length),
              })}
            </span>
            <button
              type="button"
              className="button button--ghost"
              disabled={shownPage >= pages - 1}
              onClick={() => setPage(shownPage + 1)}
              data-testid="report-next"
            >
              {t('pageNext')}
            </button>
            <span className="console__note">{t('filesHaveAll')}</span>
          </nav>
        )}
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
      {options}
      {body}
      <ZoneUsage institutionId={institutionId} begin={range.begin} end={range.end} />
      {me.role === 'admin' && <ZoneUsage institutionId={null} begin={range.begin} end={range.end} />}
      <ReportMailsPanel institutionId={institutionId} />
    </section>
  );
}
