// KBART Phase II (NISO RP-9-2014): the holdings file a discovery system loads. One row per title,
// the 25 columns in the Recommended Practice's order, tab-separated, UTF-8, with a header row.
import { guardCell } from './formula-guard';

export const KBART_COLUMNS = [
  'publication_title',
  'print_identifier',
  'online_identifier',
  'date_first_issue_online',
  'num_first_vol_online',
  'num_first_issue_online',
  'date_last_issue_online',
  'num_last_vol_online',
  'num_last_issue_online',
  'title_url',
  'first_author',
  'title_id',
  'embargo_info',
  'coverage_depth',
  'notes',
  'publisher_name',
  'publication_type',
  'date_monograph_published_print',
  'date_monograph_published_online',
  'monograph_volume',
  'monograph_edition',
  'first_editor',
  'parent_publication_title_id',
  'preceding_publication_title_id',
  'access_type',
] as const;
export type KbartColumn = (typeof KBART_COLUMNS)[number];

export interface Holding {
  mid: number;
  title: string;
  publisher: string;
  free: boolean;
  /** YYYY-MM-DD */
  firstIssue: string;
  lastIssue: string;
  /** Whether the title still comes out (an issue in the last year): its coverage is then open-ended. */
  current: boolean;
}

/** The holdings as a KBART file. An ongoing title's date_last_issue_online is empty, as KBART
 * asks (§6.6.7: empty means "to the present"); a title that stopped gets its last issue's date. */
export function kbartText(holdings: Holding[], siteUrl: string): string {
  // Librarians open the file in a spreadsheet too: text cells are guarded against formulas.
  const clean = (s: string) => guardCell(s.replace(/[\t\r\n]+/g, ' '));
  const rows = holdings.map((h) => {
    const row: Partial<Record<KbartColumn, string>> = {
      publication_title: clean(h.title),
      date_first_issue_online: h.firstIssue,
      date_last_issue_online: h.current ? '' : h.lastIssue,
      title_url: `${siteUrl}/magazine/${h.mid}`,
      title_id: String(h.mid),
      coverage_depth: 'fulltext',
      publisher_name: clean(h.publisher),
      publication_type: 'serial',
      access_type: h.free ? 'F' : 'P',
    };
    return KBART_COLUMNS.map((c) => row[c] ?? '').join('\t');
  });
  return `${[KBART_COLUMNS.join('\t'), ...rows].join('\n')}\n`;
}

/** KBART's file name: provider, region or consortium, package, date (§5.3.1.1). */
export const kbartFileName = (institutionCode: string, day: string) =>
  `Lectern_${institutionCode.replace(/[^A-Za-z0-9]+/g, '') || 'Institution'}_AllTitles_${day}.txt`;
