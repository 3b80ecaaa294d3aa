// Spreadsheet formula injection (OWASP, "CSV Injection"): Excel, LibreOffice and Google Sheets take
// a cell that starts with = + - @, a tab or a line break for a formula when a CSV or TSV file is
// opened, so a title named =HYPERLINK(…) would run in the librarian's spreadsheet. Such a text
// cell gets a leading apostrophe, which spreadsheets read as "this is text". Leading spaces before
// those characters are caught too (an import that trims them would otherwise see the formula).
// Numbers are never guarded: the counts stay numbers.
const FORMULA_START = /^(\s*[=+\-@]|[\t\r\n])/;

/** A text cell made safe to open in a spreadsheet; normal values come back unchanged. */
export const guardCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** Whether a cell would be a formula in a spreadsheet (an import refuses such a value). */
export const looksLikeFormula = (value: string): boolean => FORMULA_START.test(value);
