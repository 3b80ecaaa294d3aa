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
