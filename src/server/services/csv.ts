// CSV for spreadsheets (RFC 4180), safe to open: a cell a spreadsheet would read as a formula
// (=, +, -, @, tab or carriage return first) is prefixed with ' so it stays text (OWASP's
// "CSV injection" advice), and cells with commas, quotes or line breaks are quoted.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null): string {
  let s = value === null ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A header row and the rows, lines ended by CRLF, with a byte-order mark so spreadsheets read UTF-8. */
export function toCsv(header: string[], rows: (string | number | boolean | null)[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
