// A COUNTER report as a table (Code of Practice 5.1 §3.2): 13 header rows of name and value, a
// blank 14th row, then the column headings and one row per item, attribute set and metric type,
// with Reporting_Period_Total and a column per month (Mmm-yyyy). TSV is the Code's format; CSV
// the same cells for spreadsheets that open it more readily.
import { guardCell } from '../formula-guard';
import { monthsBetween, reportShape, type CounterReport, type ReportId } from './reports';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const monthHeading = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]}-${month.slice(0, 4)}`;

/** The labels of the header's 13 rows, in the Code's order. */
export const HEADER_LABELS = [
  'Report_Name',
  'Report_ID',
  'Release',
  'Institution_Name',
  'Institution_ID',
  'Metric_Types',
  'Report_Filters',
  'Report_Attributes',
  'Exceptions',
  'Reporting_Period',
  'Created',
  'Created_By',
  'Registry_Record',
] as const;

/** Identifier columns of title rows: the journal views leave out ISBN (§4.3.2). */
const titleColumns = (id: ReportId) =>
  ['Title', 'Publisher', 'Publisher_ID', 'Platform', 'DOI', 'Proprietary_ID', 'ISBN', 'Print_ISSN', 'Online_ISSN', 'URI'].filter(
    (c) => c !== 'ISBN' || id === 'TR',
  );

export interface ReportTable {
  header: [string, string][];
  columns: string[];
  rows: (string | number)[][];
}

export function reportTable(report: CounterReport): ReportTable {
  const h = report.Report_Header;
  const id = h.Report_ID as ReportId;
  const shape = reportShape(id);
  const begin = String(h.Report_Filters.Begin_Date).slice(0, 7);
  const end = String(h.Report_Filters.End_Date).slice(0, 7);
  const months = monthsBetween(begin, end);
  const list = (v: string | string[]) => (Array.isArray(v) ? v.join('|') : v);
  const filters = Object.entries(h.Report_Filters).filter(([k]) => k !== 'Begin_Date' && k !== 'End_Date');
  const header: [string, string][] = [
    ['Report_Name', h.Report_Name],
    ['Report_ID', h.Report_ID],
    ['Release', h.Release],
    ['Institution_Name', h.Institution_Name],
    [
      'Institution_ID',
      Object.entries(h.Institution_ID)
        .flatMap(([ns, ids]) => ids.map((v) => `${ns}:${v}`))
        .join('; '),
    ],
    ['Metric_Types', shape.metrics.join('; ')],
    ['Report_Filters', filters.map(([k, v]) => `${k}=${list(v)}`).join('; ')],
    [
      'Report_Attributes',
      Object.entries(h.Report_Attributes ?? {})
        .map(([k, v]) => `${k}=${list(v)}`)
        .join('; '),
    ],
    ['Exceptions', (h.Exceptions ?? []).map((e) => `${e.Code}: ${e.Message}${e.Data ? ` (${e.Data})` : ''}`).join('; ')],
    ['Reporting_Period', `Begin_Date=${h.Report_Filters.Begin_Date}; End_Date=${h.Report_Filters.End_Date}`],
    ['Created', h.Created],
    ['Created_By', h.Created_By],
    ['Registry_Record', h.Registry_Record],
  ];
  const ids = shape.level === 'title' ? titleColumns(id) : ['Platform'];
  const columns = [...ids, ...shape.attributes, 'Metric_Type', 'Reporting_Period_Total', ...months.map(monthHeading)];
  const rows: (string | number)[][] = [];
  for (const item of report.Report_Items) {
    const idCells = ids.map((c) =>
      c === 'Title'
        ? (item.Title ?? '')
        : c === 'Publisher'
          ? (item.Publisher ?? '')
          : c === 'Platform'
            ? item.Platform
            : c === 'Proprietary_ID'
              ? (item.Item_ID?.Proprietary ?? '')
              : c === 'URI'
                ? (item.URI ?? '')
                : (item.Item_ID?.[c] ?? ''),
    );
    for (const perf of item.Attribute_Performance) {
      const attrCells = shape.attributes.map((a) => perf[a] ?? '');
      for (const metric of shape.metrics) {
        const counts = perf.Performance[metric];
        if (!counts) continue;
        const byMonth = months.map((m) => counts[m] ?? 0);
        rows.push([...idCells, ...attrCells, metric, byMonth.reduce((a, b) => a + b, 0), ...byMonth]);
      }
    }
  }
  return { header, columns, rows };
}

/** Text cells are guarded against formula injection (formula-guard.ts); counts stay numbers. */
const text = (v: string | number, clean: (s: string) => string) => (typeof v === 'number' ? String(v) : guardCell(clean(v)));
const tsvCell = (v: string | number) => text(v, (s) => s.replace(/[\t\r\n]+/g, ' '));
const csvCell = (v: string | number) => {
  const s = text(v, (c) => c);
  return /[",\r\n]/.test(s) || s !== String(v) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The report as a tab- or comma-separated file (UTF-8, CRLF line ends as spreadsheets expect). */
export function reportText(report: CounterReport, format: 'tsv' | 'csv'): string {
  const t = reportTable(report);
  const cell = format === 'tsv' ? tsvCell : csvCell;
  const sep = format === 'tsv' ? '\t' : ',';
  const lines = [
    ...t.header.map((r) => r.map(cell).join(sep)),
    '',
    t.columns.map(cell).join(sep),
    ...t.rows.map((r) => r.map(cell).join(sep)),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** The file name a download gets: the report, the institution and the period. */
export const reportFileName = (report: CounterReport, ext: string) =>
  `${report.Report_Header.Report_ID}_${String(report.Report_Header.Report_Filters.Begin_Date).slice(0, 7)}_${String(report.Report_Header.Report_Filters.End_Date).slice(0, 7)}.${ext}`;
