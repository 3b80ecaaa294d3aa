// COUNTER Release 5.1 reports (Code of Practice §3.2, §4.1, §4.3; COUNTER_SUSHI API 5.1): the
// reports Lectern offers, and one report built from the pre-aggregated counts as COUNTER JSON.
// The server answers it (console and SUSHI); tabular.ts turns the same object into TSV/CSV.
import { z } from 'zod';

export const PLATFORM = 'Lectern';
export const RELEASE = '5.1';

/** The metric types Lectern counts: Searches_Platform for the platform only, the rest per title. */
export const COUNTER_METRICS = [
  'Searches_Platform',
  'Total_Item_Investigations',
  'Total_Item_Requests',
  'Unique_Item_Investigations',
  'Unique_Item_Requests',
  'Unique_Title_Investigations',
  'Unique_Title_Requests',
  'Limit_Exceeded',
  'No_License',
] as const;
export type CounterMetric = (typeof COUNTER_METRICS)[number];

/** Attributes a report may break its rows down by (its columns between Data_Type and Metric_Type). */
export const ATTRIBUTES = ['YOP', 'Access_Type', 'Access_Method'] as const;
export type Attribute = (typeof ATTRIBUTES)[number];
/** Lectern's data types: Platform is the data type of Searches_Platform in the Platform Report. */
type DataType = 'Journal' | 'Newspaper_or_Newsletter' | 'Platform';
type AccessType = 'Controlled' | 'Free_To_Read';

/** The Data_Type values COUNTER allows in a title report's filter, and (with these) a platform report's. */
const TITLE_DATA_TYPES = [
  'Book',
  'Conference',
  'Journal',
  'Newspaper_or_Newsletter',
  'Other',
  'Patent',
  'Reference_Work',
  'Report',
  'Standard',
  'Thesis_or_Dissertation',
  'Unspecified',
];
const PLATFORM_DATA_TYPES = [
  ...TITLE_DATA_TYPES,
  'Article',
  'Audiovisual',
  'Book_Segment',
  'Conference_Item',
  'Database_Full_Item',
  'Dataset',
  'Image',
  'Interactive_Resource',
  'Multimedia',
  'News_Item',
  'Platform',
  'Reference_Item',
  'Software',
  'Sound',
].sort();

/** The filters of a report, as the header names them; a standard view's are fixed, a master
 * report's are the ones asked for. */
export interface ReportFilters {
  Metric_Type?: CounterMetric[];
  Data_Type?: string[];
  Access_Type?: string[];
  Access_Method?: string[];
  /** Years of publication: yyyy or yyyy-yyyy. */
  YOP?: string[];
}
type FilterName = keyof ReportFilters;

/** What a harvester or librarian asked of a master report (standard views take none of it). */
export interface ReportOptions extends ReportFilters {
  Attributes_To_Show?: Attribute[];
  /** Total: one count per metric type for the whole range (COUNTER_SUSHI `granularity`). */
  Granularity?: 'Month' | 'Total';
}

interface ReportDef {
  name: string;
  description: string;
  /** Platform reports sum every title; title reports have a row per title. */
  level: 'platform' | 'title';
  metrics: CounterMetric[];
  /** PR, PR_P1 and TR always break their rows down by Data_Type; the journal views do not. */
  dataType: boolean;
  /** The attribute columns a standard view always shows (TR_J3 Access_Type, TR_J4 YOP). */
  columns: Attribute[];
  /** A standard view's fixed filters (Code of Practice §4.1.2, §4.3.2), Metric_Type included. */
  filters: ReportFilters;
  /** A master report: the filters and attributes it takes, each with the values COUNTER allows. */
  master?: { filters: Partial<Record<FilterName, readonly string[] | 'yop'>>; attributes: Attribute[] };
}

const TITLE_METRICS = COUNTER_METRICS.filter((m) => m !== 'Searches_Platform');
const ITEM_METRICS = TITLE_METRICS.slice(0, 6);
const regular = { Access_Method: ['Regular'] };
const view = (metrics: CounterMetric[], filters: ReportFilters) => ({
  Metric_Type: metrics,
  Data_Type: ['Journal'],
  ...filters,
  ...regular,
});

/** Magazines and journals are Journal (serials of articles); newspapers Newspaper_or_Newsletter.
 * So the journal views (TR_J1–TR_J4) cover magazines and journals; newspapers are in TR and PR. */
export const REPORTS = {
  PR: {
    name: 'Platform Report',
    description: 'Usage of the Lectern platform by data type, with searches of the platform',
    level: 'platform',
    metrics: ['Searches_Platform', ...ITEM_METRICS],
    dataType: true,
    columns: [],
    filters: {},
    master: {
      filters: { Metric_Type: ['Searches_Platform', ...ITEM_METRICS], Data_Type: PLATFORM_DATA_TYPES, Access_Method: ['Regular', 'TDM'] },
      attributes: ['Access_Method'],
    },
  },
  PR_P1: {
    name: 'Platform Usage',
    description: 'Requests and searches of the Lectern platform by data type',
    level: 'platform',
    metrics: ['Searches_Platform', 'Total_Item_Requests', 'Unique_Item_Requests', 'Unique_Title_Requests'],
    dataType: true,
    columns: [],
    filters: { Metric_Type: ['Searches_Platform', 'Total_Item_Requests', 'Unique_Item_Requests', 'Unique_Title_Requests'], ...regular },
  },
  TR: {
    name: 'Title Report',
    description: 'Usage and refusals per magazine, newspaper and journal title',
    level: 'title',
    metrics: TITLE_METRICS,
    dataType: true,
    columns: [],
    filters: {},
    master: {
      filters: {
        Metric_Type: TITLE_METRICS,
        Data_Type: TITLE_DATA_TYPES,
        Access_Type: ['Controlled', 'Open', 'Free_To_Read'],
        Access_Method: ['Regular', 'TDM'],
        YOP: 'yop',
      },
      attributes: ['YOP', 'Access_Type', 'Access_Method'],
    },
  },
  TR_J1: {
    name: 'Journal Requests (Controlled)',
    description: 'Requests of controlled magazines and journals',
    level: 'title',
    metrics: ['Total_Item_Requests', 'Unique_Item_Requests'],
    dataType: false,
    columns: [],
    filters: view(['Total_Item_Requests', 'Unique_Item_Requests'], { Access_Type: ['Controlled'] }),
  },
  TR_J2: {
    name: 'Journal Access Denied',
    description: 'Refused access to magazines and journals',
    level: 'title',
    metrics: ['Limit_Exceeded', 'No_License'],
    dataType: false,
    columns: [],
    filters: view(['Limit_Exceeded', 'No_License'], {}),
  },
  TR_J3: {
    name: 'Journal Usage by Access Type',
    description: 'Usage of magazines and journals by access type',
    level: 'title',
    metrics: ['Total_Item_Investigations', 'Total_Item_Requests', 'Unique_Item_Investigations', 'Unique_Item_Requests'],
    dataType: false,
    columns: ['Access_Type'],
    filters: view(['Total_Item_Investigations', 'Total_Item_Requests', 'Unique_Item_Investigations', 'Unique_Item_Requests'], {}),
  },
  TR_J4: {
    name: 'Journal Requests by YOP (Controlled)',
    description: 'Requests of controlled magazines and journals by year of publication',
    level: 'title',
    metrics: ['Total_Item_Requests', 'Unique_Item_Requests'],
    dataType: false,
    columns: ['YOP'],
    filters: view(['Total_Item_Requests', 'Unique_Item_Requests'], { Access_Type: ['Controlled'] }),
  },
} satisfies Record<string, ReportDef>;
export type ReportId = keyof typeof REPORTS;
export const REPORT_IDS = Object.keys(REPORTS) as ReportId[];
export const reportDef = (id: ReportId): ReportDef => REPORTS[id];

/** The request parameters of the filters and attributes (COUNTER_SUSHI API 5.1), with the header's names. */
export const FILTER_PARAMS = {
  metric_type: 'Metric_Type',
  data_type: 'Data_Type',
  access_type: 'Access_Type',
  access_method: 'Access_Method',
  yop: 'YOP',
} as const satisfies Record<string, FilterName>;
export const ATTRIBUTE_PARAMS = ['attributes_to_show', 'granularity'] as const;

/** The parameters a report takes beyond the credentials, platform and dates: a master report's
 * filters and attributes; a standard view none. */
export function reportParams(id: ReportId): string[] {
  const master = reportDef(id).master;
  if (!master) return [];
  const filters = Object.entries(FILTER_PARAMS)
    .filter(([, name]) => name in master.filters)
    .map(([param]) => param);
  return [...filters, ...ATTRIBUTE_PARAMS];
}

/** A name or value as an exception's Data may carry it: no control characters, short. */
export const shown = (v: string) => v.replace(/\p{Cc}/gu, '?').slice(0, 60);
const YOP_RANGE = /^(\d{4})(?:-(\d{4}))?$/;

/** A master report's filters and attributes from the request parameters (`|`-separated lists).
 * Values COUNTER does not allow there are left out and named in exception 3060 (a filter) or
 * 3062 (an attribute), as Appendix D asks: the report is still answered, without them. */
export function reportOptions(
  id: ReportId,
  params: Record<string, string | undefined>,
): { options: ReportOptions; exceptions: CounterException[] } {
  const master = reportDef(id).master;
  const options: ReportOptions = {};
  const badFilters: string[] = [];
  const badAttributes: string[] = [];
  if (!master) return { options, exceptions: [] };
  const list = (v: string) => [
    ...new Set(
      v
        .split('|')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  for (const [param, name] of Object.entries(FILTER_PARAMS)) {
    const allowed = master.filters[name];
    const value = params[param];
    if (!allowed || value === undefined) continue;
    const ok: string[] = [];
    for (const v of list(value)) {
      const m = YOP_RANGE.exec(v);
      const good = allowed === 'yop' ? Boolean(m && (!m[2] || m[1] <= m[2])) : allowed.includes(v);
      if (good) ok.push(v);
      else badFilters.push(`${param}=${shown(v)}`);
    }
    if (ok.length) (options as Record<string, string[]>)[name] = ok;
  }
  if (params.attributes_to_show !== undefined) {
    const ok = list(params.attributes_to_show).filter((a) => {
      const good = (master.attributes as string[]).includes(a);
      if (!good) badAttributes.push(`attributes_to_show=${shown(a)}`);
      return good;
    });
    if (ok.length) options.Attributes_To_Show = ATTRIBUTES.filter((a) => ok.includes(a));
  }
  if (params.granularity !== undefined) {
    const g = params.granularity.trim().toLowerCase();
    if (g === 'month') options.Granularity = 'Month';
    else if (g === 'total' || g === 'totals') options.Granularity = 'Total';
    else badAttributes.push(`granularity=${shown(params.granularity)}`);
  }
  const exceptions: CounterException[] = [];
  if (badFilters.length)
    exceptions.push({ Code: 3060, Message: 'Invalid ReportFilter Value', Data: `Not applied: ${badFilters.join('; ')}` });
  if (badAttributes.length)
    exceptions.push({ Code: 3062, Message: 'Invalid ReportAttribute Value', Data: `Not applied: ${badAttributes.join('; ')}` });
  return { options, exceptions };
}

/** A month as the reports take it: YYYY-MM. */
export const Month = z.string({ error: 'expected a month as YYYY-MM' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected a month as YYYY-MM');

/** The counts of one title and metric type (and year of publication) over the months asked for;
 * type `platform` for the platform's own counts (Searches_Platform), which belong to no title. */
export interface UsageCount {
  mid: number;
  title: string;
  publisher: string;
  type: 'magazine' | 'newspaper' | 'journal' | 'platform';
  free: boolean;
  /** the title's identifiers (shared/identifiers.ts), where it has them */
  printIssn?: string | null;
  onlineIssn?: string | null;
  yop: number;
  metric: CounterMetric;
  /** The count per month (YYYY-MM). */
  months: Record<string, number>;
}

export interface ReportRequest {
  id: ReportId;
  institution: { id: number; name: string };
  /** YYYY-MM, both included. */
  begin: string;
  end: string;
  /** Absolute address of the site, for each title's URI. */
  siteUrl: string;
  created: Date;
  /** A master report's filters and attributes (reportOptions). */
  options?: ReportOptions;
  /** Exceptions found before the counts were read (dates, parameters), first in the header. */
  exceptions?: CounterException[];
  /** The first month with usage (YYYY-MM), for exception 3032; null when there is none. */
  firstMonth?: string | null;
}

const Counts = z.record(z.string(), z.number().int());
const Exception = z.object({ Code: z.number().int(), Message: z.string(), Data: z.string().optional() });
export type CounterException = z.infer<typeof Exception>;

/** The COUNTER JSON of a report (COUNTER_SUSHI API 5.1: Report_Header and Report_Items). */
export const CounterReport = z.object({
  Report_Header: z.object({
    Report_Name: z.string(),
    Report_ID: z.string(),
    Release: z.string(),
    Institution_Name: z.string(),
    Institution_ID: z.record(z.string(), z.array(z.string())),
    Report_Filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    Report_Attributes: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
    Exceptions: z.array(Exception).optional(),
    Created: z.string(),
    Created_By: z.string(),
    Registry_Record: z.string(),
  }),
  Report_Items: z.array(
    z.object({
      Title: z.string().optional(),
      Publisher: z.string().optional(),
      Publisher_ID: z.record(z.string(), z.array(z.string())).optional(),
      Platform: z.string(),
      Item_ID: z.record(z.string(), z.string()).optional(),
      Attribute_Performance: z.array(
        z.object({
          Data_Type: z.string().optional(),
          YOP: z.string().optional(),
          Access_Type: z.string().optional(),
          Access_Method: z.string().optional(),
          Performance: z.record(z.string(), Counts),
        }),
      ),
    }),
  ),
});
export type CounterReport = z.infer<typeof CounterReport>;
type Item = CounterReport['Report_Items'][number];
type Performance = Item['Attribute_Performance'][number];

export const dataTypeOf = (type: UsageCount['type']): DataType =>
  type === 'platform' ? 'Platform' : type === 'newspaper' ? 'Newspaper_or_Newsletter' : 'Journal';
const accessTypeOf = (free: boolean): AccessType => (free ? 'Free_To_Read' : 'Controlled');

/** The months from begin to end, as YYYY-MM. */
export function monthsBetween(begin: string, end: string): string[] {
  const out: string[] = [];
  for (let [y, m] = begin.split('-').map(Number); `${y}-${String(m).padStart(2, '0')}` <= end; m === 12 ? ((m = 1), y++) : m++)
    out.push(`${y}-${String(m).padStart(2, '0')}`);
  return out;
}

/** The last day of a YYYY-MM month. */
export const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** The month before a YYYY-MM month. */
export const monthBefore = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
};

export const institutionIdOf = (id: number) => `${PLATFORM}:${id}`;
export const titleIdOf = (mid: number) => `${PLATFORM}:${mid}`;
/** The Item_ID's standard identifiers a title has (only those known). No ISBN: the COUNTER schema
 * takes it only hyphenated (978-0-306-40615-7), and where the hyphens go depends on the ISBN
 * agency's range table, which Lectern does not carry. */
const standardIds = (c: Pick<UsageCount, 'printIssn' | 'onlineIssn'>): Record<string, string> => ({
  ...(c.printIssn ? { Print_ISSN: c.printIssn } : {}),
  ...(c.onlineIssn ? { Online_ISSN: c.onlineIssn } : {}),
});

/** A title's identifiers (the Item_ID of the title reports; the TSV's DOI, Proprietary_ID, ISBN,
 * Print_ISSN, Online_ISSN and URI columns read them from here). */
export function itemIdOf(title: Pick<UsageCount, 'mid' | 'printIssn' | 'onlineIssn'>, siteUrl: string): Record<string, string> {
  return { Proprietary: titleIdOf(title.mid), ...standardIds(title), URI: `${siteUrl}/magazine/${title.mid}` };
}

/** The metric types and attribute columns a report shows with these options, and its filters as
 * the header names them (Metric_Type, Begin_Date and End_Date first, as COUNTER's samples). */
export function reportShape(id: ReportId, options: ReportOptions = {}) {
  const def = reportDef(id);
  const metrics = def.master && options.Metric_Type ? def.metrics.filter((m) => options.Metric_Type!.includes(m)) : def.metrics;
  const attributes = def.master ? ATTRIBUTES.filter((a) => options.Attributes_To_Show?.includes(a)) : def.columns;
  const filters: ReportFilters = def.master
    ? Object.fromEntries(
        (['Metric_Type', 'Data_Type', 'Access_Type', 'Access_Method', 'YOP'] as const).flatMap((f) =>
          options[f] ? [[f, f === 'Metric_Type' ? metrics : options[f]]] : [],
        ),
      )
    : def.filters;
  return {
    level: def.level,
    dataType: def.dataType,
    metrics,
    attributes,
    filters,
    total: Boolean(def.master && options.Granularity === 'Total'),
  };
}

const inYears = (yop: number, ranges: string[]) =>
  ranges.some((r) => {
    const [from, to = from] = r.split('-').map(Number);
    return yop >= from && yop <= to;
  });

/** Companion metric types: the schema wants at least two metric types in a title's (or data
 * type's) performance, so a lone count is given with its companion's zero. */
const COMPANION: Partial<Record<CounterMetric, CounterMetric>> = {
  Total_Item_Investigations: 'Unique_Item_Investigations',
  Unique_Item_Investigations: 'Total_Item_Investigations',
  Total_Item_Requests: 'Unique_Item_Requests',
  Unique_Item_Requests: 'Total_Item_Requests',
  Unique_Title_Investigations: 'Unique_Item_Investigations',
  Unique_Title_Requests: 'Unique_Item_Requests',
  Limit_Exceeded: 'No_License',
  No_License: 'Limit_Exceeded',
};

/** Builds the report from the counts: filtered by the view or the options, one item per title (the
 * platform, for PR), one performance per combination of the shown attributes, zero rows left out
 * (§3.3.9); with Granularity Total each metric type has one count, under the first month. */
export function buildReport(req: ReportRequest, counts: UsageCount[]): CounterReport {
  const def = reportDef(req.id);
  const shape = reportShape(req.id, req.options);
  const { filters } = shape;
  const wanted = new Set(shape.metrics);
  const kept = counts.filter(
    (c) =>
      wanted.has(c.metric) &&
      (!filters.Data_Type || filters.Data_Type.includes(dataTypeOf(c.type))) &&
      (!filters.Access_Type || filters.Access_Type.includes(accessTypeOf(c.free))) &&
      (!filters.Access_Method || filters.Access_Method.includes('Regular')) &&
      (!filters.YOP || inYears(c.yop, filters.YOP)),
  );
  const items = new Map<string, { item: Item; perf: Map<string, Performance> }>();
  for (const c of kept) {
    const itemKey = def.level === 'platform' ? PLATFORM : String(c.mid);
    let entry = items.get(itemKey);
    if (!entry) {
      const item: Item =
        def.level === 'platform'
          ? { Platform: PLATFORM, Attribute_Performance: [] }
          : { Title: c.title, Publisher: c.publisher, Platform: PLATFORM, Item_ID: itemIdOf(c, req.siteUrl), Attribute_Performance: [] };
      entry = { item, perf: new Map() };
      items.set(itemKey, entry);
    }
    const attrs: Omit<Performance, 'Performance'> = {};
    if (shape.dataType) attrs.Data_Type = dataTypeOf(c.type);
    if (shape.attributes.includes('YOP')) attrs.YOP = String(c.yop);
    if (shape.attributes.includes('Access_Type')) attrs.Access_Type = accessTypeOf(c.free);
    if (shape.attributes.includes('Access_Method')) attrs.Access_Method = 'Regular';
    const perfKey = JSON.stringify(attrs);
    let perf = entry.perf.get(perfKey);
    if (!perf) {
      perf = { ...attrs, Performance: {} };
      entry.perf.set(perfKey, perf);
    }
    const byMonth = (perf.Performance[c.metric] ??= {});
    for (const month in c.months) {
      const n = c.months[month];
      const key = shape.total ? req.begin : month;
      if (month >= req.begin && month <= req.end && n) byMonth[key] = (byMonth[key] ?? 0) + n;
    }
  }
  const single = req.id === 'TR_J2';
  const reportItems = [...items.values()]
    .map(({ item, perf }) => ({
      ...item,
      Attribute_Performance: [...perf.values()]
        .map((p) => {
          const counted = shape.metrics.filter((m) => Object.keys(p.Performance[m] ?? {}).length);
          if (counted.length === 1 && !single && p.Data_Type !== 'Platform') {
            const other = COMPANION[counted[0]];
            const pair = other && wanted.has(other) ? other : shape.metrics.find((m) => m !== counted[0]);
            if (pair) counted.push(pair);
          }
          const month = Object.keys(p.Performance[counted[0]] ?? {})[0];
          return {
            ...p,
            Performance: Object.fromEntries(
              shape.metrics.filter((m) => counted.includes(m)).map((m) => [m, p.Performance[m] ?? { [month]: 0 }]),
            ),
          };
        })
        .filter((p) => Object.keys(p.Performance).length)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    }))
    .filter((item) => item.Attribute_Performance.length);
  const exceptions = [...(req.exceptions ?? [])];
  if (req.firstMonth !== undefined && (req.firstMonth === null || req.end >= req.firstMonth) && !reportItems.length)
    exceptions.push({ Code: 3030, Message: 'No Usage Available for Requested Dates' });
  const attributes = {
    ...(shape.attributes.length && def.master ? { Attributes_To_Show: shape.attributes } : {}),
    ...(def.master && req.options?.Granularity ? { Granularity: req.options.Granularity } : {}),
  };
  return {
    Report_Header: {
      Report_Name: def.name,
      Report_ID: req.id,
      Release: RELEASE,
      Institution_Name: req.institution.name,
      Institution_ID: { Proprietary: [institutionIdOf(req.institution.id)] },
      Report_Filters: {
        ...(filters.Metric_Type ? { Metric_Type: filters.Metric_Type } : {}),
        Begin_Date: `${req.begin}-01`,
        End_Date: lastDayOf(req.end),
        ...Object.fromEntries(Object.entries(filters).filter(([k]) => k !== 'Metric_Type')),
      },
      ...(Object.keys(attributes).length ? { Report_Attributes: attributes } : {}),
      ...(exceptions.length ? { Exceptions: exceptions } : {}),
      Created: req.created.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Created_By: PLATFORM,
      Registry_Record: '',
    },
    Report_Items: reportItems,
  };
}
