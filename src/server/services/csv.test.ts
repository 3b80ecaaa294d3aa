import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, toCsv } from './csv';

describe('csv', () => {
  it('keeps cells a spreadsheet would run as formulas as text', () => {
    for (const bad of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])
      expect([bad, csvCell(bad).replace(/^"|"$/g, '').startsWith("'")]).toEqual([bad, true]);
    expect(csvCell('=1+1')).toBe("'=1+1");
    // Numbers are numbers, negative ones too; ordinary text is left alone.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('READ-DEMO-2026')).toBe('READ-DEMO-2026');
  });

  it('quotes commas, quotes and line breaks, and ends lines with CRLF after a BOM', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
  });
});

describe('parseCsv', () => {
  it('reads quoted cells with commas, quotes and line breaks, CRLF or LF, and skips blank lines', () => {
    expect(parseCsv('\uFEFFemail,name\r\na@x.edu,"Rao, ""Vik""\r\nram"\n\nb@x.edu,B')).toEqual([
      { line: 1, cells: ['email', 'name'] },
      { line: 2, cells: ['a@x.edu', 'Rao, "Vik"\r\nram'] },
      { line: 5, cells: ['b@x.edu', 'B'] },
    ]);
  });

  it('reads back what toCsv writes', () => {
    const text = toCsv(['a', 'b'], [['x,y', 'say "hi"']]);
    expect(parseCsv(text).map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['x,y', 'say "hi"'],
    ]);
  });
});
