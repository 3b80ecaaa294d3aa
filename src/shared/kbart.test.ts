// KBART Phase II against the Recommended Practice (NISO RP-9-2014, §6.6 and Appendix): the 25
// columns in their order, serial and monograph rows, open-ended coverage, the file name.
import { describe, expect, it } from 'vitest';
import { KBART_COLUMNS, kbartFileName, kbartText, type Holding } from './kbart';

// The Recommended Practice's Phase II header, written out here rather than taken from the code.
const PHASE_II = `publication_title print_identifier online_identifier date_first_issue_online num_first_vol_online
num_first_issue_online date_last_issue_online num_last_vol_online num_last_issue_online title_url first_author title_id
embargo_info coverage_depth notes publisher_name publication_type date_monograph_published_print
date_monograph_published_online monograph_volume monograph_edition first_editor parent_publication_title_id
preceding_publication_title_id access_type`.split(/\s+/);

const base: Holding = {
  mid: 7,
  title: 'Journal of Hearing',
  publisher: 'Meridian',
  free: false,
  firstIssue: '2024-01-15',
  lastIssue: '2025-10-15',
  current: false,
  printIssn: '0378-5955',
  onlineIssn: '1878-5891',
  isbn: null,
  firstVolume: 24,
  firstNumber: 1,
  lastVolume: 25,
  lastNumber: 4,
};

const rowsOf = (holdings: Holding[]) => {
  const [head, ...rows] = kbartText(holdings, 'https://lectern.example')
    .trimEnd()
    .split('\n')
    .map((l) => l.split('\t'));
  return { head, rows: rows.map((r) => Object.fromEntries(head.map((c, i) => [c, r[i]]))) };
};

describe('KBART Phase II', () => {
  it('has the 25 columns of Phase II in the order of the Recommended Practice', () => {
    expect(PHASE_II).toHaveLength(25);
    expect([...KBART_COLUMNS]).toEqual(PHASE_II);
    const { head, rows } = rowsOf([base]);
    expect(head).toEqual(PHASE_II);
    expect(Object.keys(rows[0])).toHaveLength(25);
  });

  it('gives a serial its ISSNs, first and last volume and issue, and a deep link to its page', () => {
    const { rows } = rowsOf([base]);
    expect(rows[0]).toMatchObject({
      publication_title: 'Journal of Hearing',
      print_identifier: '0378-5955',
      online_identifier: '1878-5891',
      date_first_issue_online: '2024-01-15',
      num_first_vol_online: '24',
      num_first_issue_online: '1',
      date_last_issue_online: '2025-10-15',
      num_last_vol_online: '25',
      num_last_issue_online: '4',
      title_url: 'https://lectern.example/magazine/7-Journal-of-Hearing',
      title_id: '7',
      coverage_depth: 'fulltext',
      publication_type: 'serial',
      date_monograph_published_online: '',
      access_type: 'P',
    });
  });

  it('leaves the end of an ongoing title open, and unnumbered issues empty', () => {
    const { rows } = rowsOf([{ ...base, current: true, firstVolume: null, firstNumber: null, onlineIssn: null }]);
    expect(rows[0]).toMatchObject({
      online_identifier: '',
      num_first_vol_online: '',
      num_first_issue_online: '',
      date_last_issue_online: '',
      num_last_vol_online: '',
      num_last_issue_online: '',
    });
  });

  it('makes a title with only an ISBN a monograph, without a serial coverage range', () => {
    const { rows } = rowsOf([{ ...base, title: 'दैनिक पुस्तक', printIssn: null, onlineIssn: null, isbn: '9780306406157', free: true }]);
    expect(rows[0]).toMatchObject({
      print_identifier: '9780306406157',
      online_identifier: '',
      date_first_issue_online: '',
      num_first_vol_online: '',
      publication_type: 'monograph',
      date_monograph_published_online: '2024',
      access_type: 'F',
      title_url: `https://lectern.example/magazine/7-${encodeURIComponent('दैनिक-पुस्तक')}`,
    });
  });

  it('names the file Provider_Region/Consortium_PackageName_YYYY-MM-DD.txt', () => {
    expect(kbartFileName('DEMO-U', '2026-11-28')).toBe('Lectern_DEMOU_AllTitles_2026-11-28.txt');
    expect(kbartFileName('Global', '2026-11-28')).toMatch(/^[A-Za-z0-9]+_[A-Za-z0-9]+_[A-Za-z0-9]+_\d{4}-\d{2}-\d{2}\.txt$/);
  });
});
