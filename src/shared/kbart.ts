// KBART Phase II (NISO RP-9-2014): the holdings file a discovery system loads. One row per title,
// the 25 columns in the Recommended Practice's order, tab-separated, UTF-8, with a header row.
import { guardCell } from './formula-guard';
import { titlePath } from './title-paths';

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
  /** normalised (shared/identifiers.ts), null where unknown */
  printIssn: string | null;
  onlineIssn: string | null;
  isbn: string | null;
  /** the volume and number of the first and last numbered issues, null where issues are not numbered */
  firstVolume: number | null;
  firstNumber: number | null;
  lastVolume: number | null;
  lastNumber: number | null;
}

/** A title with an ISBN and no ISSN is a book (KBART's monograph); every other title is a serial. */
export const publicationType = (h: Pick<Holding, 'printIssn' | 'onlineIssn' | 'isbn'>) =>
  h.isbn && !h.printIssn && !h.onlineIssn ? 'monograph' : 'serial';

const num = (n: number | null) => (n == null ? '' : String(n));

/** The holdings as a KBART file. An ongoing title's date_last_issue_online (and its last volume
 * and issue) are empty, as KBART asks (§6.6.7: empty means "to the present"); a title that
 * stopped gets its last issue's. A monograph has no coverage range: its ISBN is the
 * print_identifier and the year it came online date_monograph_published_online. */
export function kbartText(holdings: Holding[], siteUrl: string): string {
  // Librarians open the file in a spreadsheet too: text cells are guarded against formulas.
  const clean = (s: string) => guardCell(s.replace(/[\t\r\n]+/g, ' '));
  const rows = holdings.map((h) => {
    const type = publicationType(h);
    const common: Partial<Record<KbartColumn, string>> = {
      publication_title: clean(h.title),
      // The title's own page (a deep link a knowledge base sends readers to), percent-encoded for non-Latin names.
      title_url: siteUrl + encodeURI(titlePath(h.mid, h.title)),
      title_id: String(h.mid),
      coverage_depth: 'fulltext',
      publisher_name: clean(h.publisher),
      publication_type: type,
      access_type: h.free ? 'F' : 'P',
    };
    const row: Partial<Record<KbartColumn, string>> =
      type === 'monograph'
        ? { ...common, print_identifier: h.isbn ?? '', date_monograph_published_online: h.firstIssue.slice(0, 4) }
        : {
            ...common,
            print_identifier: h.printIssn ?? '',
            online_identifier: h.onlineIssn ?? '',
            date_first_issue_online: h.firstIssue,
            num_first_vol_online: num(h.firstVolume),
            num_first_issue_online: num(h.firstNumber),
            date_last_issue_online: h.current ? '' : h.lastIssue,
            num_last_vol_online: h.current ? '' : num(h.lastVolume),
            num_last_issue_online: h.current ? '' : num(h.lastNumber),
          };
    return KBART_COLUMNS.map((c) => row[c] ?? '').join('\t');
  });
  return `${[KBART_COLUMNS.join('\t'), ...rows].join('\n')}\n`;
}

/** KBART's file name (§5.3.1.1): ProviderName_Region/Consortium_PackageName_YYYY-MM-DD.txt. An
 * institution's file names the institution where KBART names a consortium; the whole catalogue's
 * is Global. */
export const kbartFileName = (institutionCode: string, day: string) =>
  `Lectern_${institutionCode.replace(/[^A-Za-z0-9]+/g, '') || 'Institution'}_AllTitles_${day}.txt`;

export const GLOBAL_KBART_NAME = 'Global';
