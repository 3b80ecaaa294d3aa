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

/** Attributes a report may break its rows down by (its columns before Metric_Type). */
type Attribute = 'Data_Type' | 'YOP' | 'Access_Type' | 'Access_Method';
/** Platform is the data type of Searches_Platform in the Platform Report (Code of Practice 5.1). */
type DataType = 'Journal' | 'Newspaper_or_Newsletter' | 'Platform';
type AccessType = 'Controlled' | 'Free_To_Read';

interface ReportDef {
  name: string;
  /** Platform reports sum every title; title reports have a row per title. */
  level: 'platform' | 'title';
  metrics: CounterMetric[];
  attributes: Attribute[];
  /** A standard view's fixed filters (Code of Practice §4.1.2, §4.3.2). */
  filters: { Data_Type?: DataType[]; Access_Type?: AccessType[]; Access_Method?: ['Regular'] };
  /** A master report shows its attributes as Attributes_To_Show; a standard view does not. */
  master: boolean;
}

const TITLE_METRICS = COUNTER_METRICS.filter((m) => m !== 'Searches_Platform');
const ITEM_METRICS = TITLE_METRICS.slice(0, 6);
const regular = { Access_Method: ['Regular'] as ['Regular'] };
const journals = { Data_Type: ['Journal'] as DataType[], ...regular };

/** Magazines and journals are Journal (serials of articles); newspapers Newspaper_or_Newsletter.
 * So the journal views (TR_J1–TR_J4) cover magazines and journals; newspapers are in TR and PR. */
export const REPORTS = {
  PR: {
    name: 'Platform Report',
    level: 'platform',
    metrics: ['Searches_Platform', ...ITEM_METRICS],
    attributes: ['Data_Type', 'Access_Method'],
    filters: {},
    master: true,
  },
  PR_P1: {
    name: 'Platform Usage',
    level: 'platform',
    metrics: ['Searches_Platform', 'Total_Item_Requests', 'Unique_Item_Requests', 'Unique_Title_Requests'],
    attributes: [],
    filters: regular,
    master: false,
  },
  TR: {
    name: 'Title Report',
    level: 'title',
    metrics: TITLE_METRICS,
    attributes: ['Data_Type', 'Access_Type', 'Access_Method'],
    filters: {},
    master: true,
  },
  TR_J1: {
    name: 'Journal Requests (Controlled)',
    level: 'title',
    metrics: ['Total_Item_Requests', 'Unique_Item_Requests'],
    attributes: [],
    filters: { ...journals, Access_Type: ['Controlled'] },
    master: false,
  },
  TR_J2: {
    name: 'Journal Access Denied',
    level: 'title',
    metrics: ['Limit_Exceeded', 'No_License'],
    attributes: [],
    filters: journals,
    master: false,
  },
  TR_J3: {
    name: 'Journal Usage by Access Type',
    level: 'title',
    metrics: ['Total_Item_Investigations', 'Total_Item_Requests', 'Unique_Item_Investigations', 'Unique_Item_Requests'],
    attributes: ['Access_Type'],
    filters: journals,
    master: false,
  },
  TR_J4: {
    name: 'Journal Requests by YOP',
    level: 'title',
    metrics: ['Total_Item_Requests', 'Unique_Item_Requests'],
    attributes: ['YOP'],
    filters: { ...journals, Access_Type: ['Controlled'] },
    master: false,
  },
} satisfies Record<string, ReportDef>;
export type ReportId = keyof typeof REPORTS;
export const REPORT_IDS = Object.keys(REPORTS) as ReportId[];

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
    Report_Attributes: z.record(z.string(), z.array(z.string())).optional(),
    Exceptions: z.array(Exception).optional(),
    Created: z.string(),
    Created_By: z.string(),
    Registry_Record: z.string(),
  }),
  Report_Items: z.array(
    z.object({
      Platform: z.string(),
      Title: z.string().optional(),
      Item_ID: z.record(z.string(), z.string()).optional(),
      Publisher: z.string().optional(),
      Publisher_ID: z.record(z.string(), z.string()).optional(),
      URI: z.string().optional(),
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

export const institutionIdOf = (id: number) => `${PLATFORM}:${id}`;
export const titleIdOf = (mid: number) => `${PLATFORM}:${mid}`;
/** The Item_ID's standard identifiers a title has (only those known). No ISBN: the COUNTER schema
 * takes it only hyphenated (978-0-306-40615-7), and where the hyphens go depends on the ISBN
 * agency's range table, which Lectern does not carry. */
const standardIds = (c: UsageCount): Record<string, string> => ({
  ...(c.printIssn ? { Print_ISSN: c.printIssn } : {}),
  ...(c.onlineIssn ? { Online_ISSN: c.onlineIssn } : {}),
});

/** Builds the report from the counts: filtered by the view, one item per title (the platform,
 * for PR), one performance per combination of the shown attributes, zero rows left out (§3.3.9). */
export function buildReport(req: ReportRequest, counts: UsageCount[]): CounterReport {
  const def: ReportDef = REPORTS[req.id];
  const wanted = new Set(def.metrics);
  const kept = counts.filter(
    (c) =>
      wanted.has(c.metric) &&
      (!def.filters.Data_Type || def.filters.Data_Type.includes(dataTypeOf(c.type))) &&
      (!def.filters.Access_Type || def.filters.Access_Type.includes(accessTypeOf(c.free))),
  );
  const items = new Map<string, { item: Item; perf: Map<string, Performance> }>();
  for (const c of kept) {
    const itemKey = def.level === 'platform' ? PLATFORM : String(c.mid);
    let entry = items.get(itemKey);
    if (!entry) {
      const item: Item =
        def.level === 'platform'
          ? { Platform: PLATFORM, Attribute_Performance: [] }
          : {
              Title: c.title,
              Item_ID: { Proprietary: titleIdOf(c.mid), ...standardIds(c) },
              Platform: PLATFORM,
              Publisher: c.publisher,
              URI: `${req.siteUrl}/magazine/${c.mid}`,
              Attribute_Performance: [],
            };
      entry = { item, perf: new Map() };
      items.set(itemKey, entry);
    }
    const attrs: Omit<Performance, 'Performance'> = {};
    if (def.attributes.includes('Data_Type')) attrs.Data_Type = dataTypeOf(c.type);
    if (def.attributes.includes('YOP')) attrs.YOP = String(c.yop);
    if (def.attributes.includes('Access_Type')) attrs.Access_Type = accessTypeOf(c.free);
    if (def.attributes.includes('Access_Method')) attrs.Access_Method = 'Regular';
    const perfKey = JSON.stringify(attrs);
    let perf = entry.perf.get(perfKey);
    if (!perf) {
      perf = { ...attrs, Performance: {} };
      entry.perf.set(perfKey, perf);
    }
    const byMonth = (perf.Performance[c.metric] ??= {});
    for (const month in c.months) {
      const n = c.months[month];
      if (month >= req.begin && month <= req.end && n) byMonth[month] = (byMonth[month] ?? 0) + n;
    }
  }
  const reportItems = [...items.values()].map(({ item, perf }) => ({
    ...item,
    Attribute_Performance: [...perf.values()]
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
      .map((p) => ({
        ...p,
        Performance: Object.fromEntries(
          def.metrics.filter((m) => Object.keys(p.Performance[m] ?? {}).length).map((m) => [m, p.Performance[m]]),
        ),
      })),
  }));
  const filters: Record<string, string | string[]> = { Begin_Date: `${req.begin}-01`, End_Date: lastDayOf(req.end), ...def.filters };
  return {
    Report_Header: {
      Report_Name: def.name,
      Report_ID: req.id,
      Release: RELEASE,
      Institution_Name: req.institution.name,
      Institution_ID: { Proprietary: [institutionIdOf(req.institution.id)] },
      Report_Filters: filters,
      ...(def.master && def.attributes.length ? { Report_Attributes: { Attributes_To_Show: def.attributes } } : {}),
      ...(reportItems.length ? {} : { Exceptions: [{ Code: 3030, Message: 'No Usage Available for Requested Dates' }] }),
      Created: req.created.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Created_By: PLATFORM,
      Registry_Record: '',
    },
    Report_Items: reportItems,
  };
}

/** The metric types and attributes a report shows, for its table and header. */
export const reportShape = (id: ReportId) => {
  const def: ReportDef = REPORTS[id];
  return { level: def.level, metrics: def.metrics, attributes: def.attributes, master: def.master, filters: def.filters };
};
