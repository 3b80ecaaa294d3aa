// A COUNTER report as a table (Code of Practice 5.1 §3.2): 13 header rows of name and value, a
// blank 14th row, then the column headings and one row per item, attribute set and metric type,
// with Reporting_Period_Total and a column per month (Mmm-yyyy). TSV is the Code's format; CSV
// the same cells for spreadsheets that open it more readily.
import { guardCell } from '../formula-guard';
import { monthsBetween, reportShape, type Attribute, type CounterMetric, type CounterReport, type ReportId } from './reports';

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

/** Identifier columns of title rows, each read from the item (Item_ID for the identifiers): the
 * journal views leave out ISBN (§4.3.2). */
const TITLE_COLUMNS: [string, (item: CounterReport['Report_Items'][number]) => string][] = [
  ['Title', (i) => i.Title ?? ''],
  ['Publisher', (i) => i.Publisher ?? ''],
  ['Publisher_ID', (i) => organisationIds(i.Publisher_ID)],
  ['Platform', (i) => i.Platform],
  ['DOI', (i) => i.Item_ID?.DOI ?? ''],
  ['Proprietary_ID', (i) => i.Item_ID?.Proprietary ?? ''],
  ['ISBN', (i) => i.Item_ID?.ISBN ?? ''],
  ['Print_ISSN', (i) => i.Item_ID?.Print_ISSN ?? ''],
  ['Online_ISSN', (i) => i.Item_ID?.Online_ISSN ?? ''],
  ['URI', (i) => i.Item_ID?.URI ?? ''],
];

/** Organisation identifiers as the tabular form writes them: {namespace}:{value}, "; " between;
 * a proprietary one already starts with its namespace (the platform), as `Lectern:12`. */
const organisationIds = (ids: Record<string, string[]> | undefined) =>
  Object.entries(ids ?? {})
    .flatMap(([ns, values]) => values.map((v) => (ns === 'Proprietary' ? v : `${ns}:${v}`)))
    .join('; ');

export interface ReportTable {
  header: [string, string][];
  columns: string[];
  rows: (string | number)[][];
}

const METRIC_FILTER = 'Metric_Type';

export function reportTable(report: CounterReport): ReportTable {
  const h = report.Report_Header;
  const id = h.Report_ID as ReportId;
  const list = (v: string | string[]) => (Array.isArray(v) ? v.join('|') : v);
  const attributes = h.Report_Attributes ?? {};
  const shape = reportShape(id, {
    Metric_Type: h.Report_Filters[METRIC_FILTER] as CounterMetric[] | undefined,
    Attributes_To_Show: attributes.Attributes_To_Show as Attribute[] | undefined,
    Granularity: attributes.Granularity as 'Month' | 'Total' | undefined,
  });
  const begin = String(h.Report_Filters.Begin_Date).slice(0, 7);
  const end = String(h.Report_Filters.End_Date).slice(0, 7);
  const months = shape.total ? [] : monthsBetween(begin, end);
  const filters = Object.entries(h.Report_Filters).filter(([k]) => k !== 'Begin_Date' && k !== 'End_Date' && k !== METRIC_FILTER);
  const header: [string, string][] = [
    ['Report_Name', h.Report_Name],
    ['Report_ID', h.Report_ID],
    ['Release', h.Release],
    ['Institution_Name', h.Institution_Name],
    ['Institution_ID', organisationIds(h.Institution_ID)],
    ['Metric_Types', ((h.Report_Filters[METRIC_FILTER] as string[] | undefined) ?? []).join('; ')],
    ['Report_Filters', filters.map(([k, v]) => `${k}=${list(v)}`).join('; ')],
    [
      'Report_Attributes',
      Object.entries(attributes)
        .map(([k, v]) => `${k}=${list(v)}`)
        .join('; '),
    ],
    ['Exceptions', (h.Exceptions ?? []).map((e) => `${e.Code}: ${e.Message}${e.Data ? ` (${e.Data})` : ''}`).join('; ')],
    ['Reporting_Period', `Begin_Date=${h.Report_Filters.Begin_Date}; End_Date=${h.Report_Filters.End_Date}`],
    ['Created', h.Created],
    ['Created_By', h.Created_By],
    ['Registry_Record', h.Registry_Record],
  ];
  const ids =
    shape.level === 'title' ? TITLE_COLUMNS.filter(([c]) => c !== 'ISBN' || id === 'TR') : TITLE_COLUMNS.filter(([c]) => c === 'Platform');
  const attributeColumns = [...(shape.dataType ? (['Data_Type'] as const) : []), ...shape.attributes];
  const columns = [...ids.map(([c]) => c), ...attributeColumns, 'Metric_Type', 'Reporting_Period_Total', ...months.map(monthHeading)];
  const rows: (string | number)[][] = [];
  for (const item of report.Report_Items) {
    const idCells = ids.map(([, cell]) => cell(item));
    for (const perf of item.Attribute_Performance) {
      const attrCells = attributeColumns.map((a) => perf[a] ?? '');
      for (const metric of shape.metrics) {
        const counts = perf.Performance[metric];
        if (!counts) continue;
        const total = Object.values(counts).reduce((a, b) => a + b, 0);
        // A zero the JSON carries only because the schema wants two metric types is no row here.
        if (!total) continue;
        rows.push([...idCells, ...attrCells, metric, total, ...months.map((m) => counts[m] ?? 0)]);
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

/** The report as a file, laid out as COUNTER's sample reports: UTF-8 with a byte order mark, every
 * row as wide as the column headings (the header rows and the blank 14th row padded with empty
 * cells). TSV ends lines with LF as the samples do; CSV with CRLF (RFC 4180). */
export function reportText(report: CounterReport, format: 'tsv' | 'csv'): string {
  const t = reportTable(report);
  const cell = format === 'tsv' ? tsvCell : csvCell;
  const sep = format === 'tsv' ? '\t' : ',';
  const width = t.columns.length;
  const pad = (cells: string[]) => [...cells, ...Array<string>(Math.max(0, width - cells.length)).fill('')].join(sep);
  const lines = [
    ...t.header.map((r) => pad(r.map(cell))),
    pad([]),
    t.columns.map(cell).join(sep),
    ...t.rows.map((r) => r.map(cell).join(sep)),
  ];
  const eol = format === 'tsv' ? '\n' : '\r\n';
  return `\uFEFF${lines.join(eol)}${eol}`;
}

/** The file name a download gets: the report, the institution and the period. */
export const reportFileName = (report: CounterReport, ext: string) =>
  `${report.Report_Header.Report_ID}_${String(report.Report_Header.Report_Filters.Begin_Date).slice(0, 7)}_${String(report.Report_Header.Report_Filters.End_Date).slice(0, 7)}.${ext}`;
