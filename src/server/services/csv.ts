// CSV files librarians open in a spreadsheet: RFC 4180 quoting, and no cell that a spreadsheet
// would run as a formula (OWASP "CSV injection": a cell starting with = + - @, a tab or a carriage
// return gets a leading apostrophe, which spreadsheets show as text).
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The file: a header row and the rows, CRLF line ends, with a byte order mark so that Excel
 * reads UTF-8 (names in Hindi). */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
