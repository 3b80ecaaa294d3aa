// CSV for spreadsheets (RFC 4180), safe to open: a text cell a spreadsheet would read as a formula
// is prefixed with ' so it stays text (shared/formula-guard.ts), and cells with commas, quotes or
// line breaks are quoted.
import { guardCell } from '../../shared/formula-guard';

export function csvCell(value: string | number | boolean | null): string {
  const s = value === null ? '' : typeof value === 'string' ? guardCell(value) : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A header row and the rows, lines ended by CRLF, with a byte-order mark so spreadsheets read UTF-8. */
export function toCsv(header: string[], rows: (string | number | boolean | null)[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The rows of a CSV text (RFC 4180: quoted cells may hold commas, quotes as "" and line breaks;
 * CRLF or LF; a byte-order mark is dropped). Blank lines are left out; each row keeps the number
 * of the line it starts on. A quote left open runs to the end of the text. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) rows.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      endRow();
      line++;
      start = line;
    } else cell += c;
  }
  endRow();
  return rows;
}
