// Standard identifiers that knowledge bases and COUNTER match titles by: ISSN (print and online),
// ISBN (a title that is a book) and DOI (an issue or an article). Checked and normalised here once,
// for the ingest, the console's forms, the server's routes and the tests. Each check answers the
// stored form, or a message that names the field as a person would.

export type IdentifierField = 'printIssn' | 'onlineIssn' | 'isbn' | 'doi';

/** The field's name as a librarian knows it: it begins every message. */
export const IDENTIFIER_LABELS: Record<IdentifierField, string> = {
  printIssn: 'Print ISSN',
  onlineIssn: 'Online ISSN',
  isbn: 'ISBN',
  doi: 'DOI',
};

export type Checked = { ok: true; value: string } | { ok: false; message: string };

const refuse = (field: IdentifierField, why: string): Checked => ({ ok: false, message: `${IDENTIFIER_LABELS[field]} ${why}` });

/** Typed and pasted forms lose their spaces, hyphens and a leading "ISSN"/"ISBN" label. */
const digitsOf = (s: string, label: RegExp) =>
  s
    .trim()
    .replace(label, '')
    .replace(/[\s\u00A0\u2010-\u2015-]/g, '')
    .toUpperCase();

/** ISSN (ISO 3297): seven digits and a check character, mod 11 with weights 8..2, X for 10.
 * Stored as NNNN-NNNC. */
export function checkIssn(input: string, field: 'printIssn' | 'onlineIssn' = 'printIssn'): Checked {
  const s = digitsOf(input, /^ISSN:?\s*/i);
  if (!/^\d{7}[\dX]$/.test(s)) return refuse(field, `'${short(input)}' is not an ISSN: 8 characters as 0378-5955, the last a digit or X`);
  if (issnCheckChar(s.slice(0, 7)) !== s[7]) return refuse(field, `'${short(input)}' has a wrong check digit (an ISSN's last character)`);
  return { ok: true, value: `${s.slice(0, 4)}-${s.slice(4)}` };
}

export function issnCheckChar(sevenDigits: string): string {
  const sum = [...sevenDigits].reduce((acc, d, i) => acc + Number(d) * (8 - i), 0);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}

/** ISBN-10 (mod 11, X for 10) or ISBN-13 (EAN, 978 or 979, mod 10). Stored as ISBN-13 digits,
 * no hyphens: an ISBN-10 becomes 978 + its nine digits + a new check digit. */
export function checkIsbn(input: string): Checked {
  const s = digitsOf(input, /^ISBN(-1[03])?:?\s*/i);
  if (/^\d{9}[\dX]$/.test(s)) {
    const sum = [...s].reduce((acc, d, i) => acc + (d === 'X' ? 10 : Number(d)) * (10 - i), 0);
    if (sum % 11 !== 0) return refuse('isbn', `'${short(input)}' has a wrong check digit (an ISBN-10's last character)`);
    const twelve = `978${s.slice(0, 9)}`;
    return { ok: true, value: twelve + isbn13CheckDigit(twelve) };
  }
  if (/^\d{13}$/.test(s)) {
    if (!/^97[89]/.test(s)) return refuse('isbn', `'${short(input)}' is not an ISBN: an ISBN-13 begins with 978 or 979`);
    if (isbn13CheckDigit(s.slice(0, 12)) !== s[12])
      return refuse('isbn', `'${short(input)}' has a wrong check digit (an ISBN-13's last digit)`);
    return { ok: true, value: s };
  }
  return refuse('isbn', `'${short(input)}' is not an ISBN: 10 characters (the last a digit or X) or 13 digits, hyphens allowed`);
}

export function isbn13CheckDigit(twelveDigits: string): string {
  const sum = [...twelveDigits].reduce((acc, d, i) => acc + Number(d) * (i % 2 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}

/** The longest DOI kept: DOIs are short in practice, and a cell in KBART or COUNTER is one line. */
export const DOI_MAX = 200;

/** DOI (ISO 26324, Crossref's pattern): `10.` + a registrant code of 4 to 9 digits (dotted parts
 * allowed) + `/` + a suffix of printable characters. A pasted resolver URL or a `doi:` prefix is
 * taken off. DOIs match without regard to case, so the stored form is lower case. */
export function checkDoi(input: string): Checked {
  const s = input
    .trim()
    .replace(/^(https?:\/\/)?(dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '');
  if (s.length > DOI_MAX) return refuse('doi', `is longer than ${DOI_MAX} characters`);
  if (!/^10\.\d{4,9}(\.\d+)*\/\S+$/.test(s) || /\p{C}/u.test(s))
    return refuse(
      'doi',
      `'${short(input)}' is not a DOI: it begins 10., a registrant number, a slash and the item's part, as 10.1000/xyz123`,
    );
  return { ok: true, value: s.toLowerCase() };
}

const CHECKS: Record<IdentifierField, (s: string) => Checked> = {
  printIssn: (s) => checkIssn(s, 'printIssn'),
  onlineIssn: (s) => checkIssn(s, 'onlineIssn'),
  isbn: checkIsbn,
  doi: checkDoi,
};

/** One field as typed: empty (or only spaces) is "none" (null); otherwise the stored form or the
 * message. Control characters are refused first, so a NUL never reaches a message or the database. */
export function checkIdentifier(field: IdentifierField, input: string | null | undefined): Checked | { ok: true; value: null } {
  if (input == null || !input.trim()) return { ok: true, value: null };
  if (/\p{Cc}/u.test(input)) return refuse(field, 'contains a control character');
  if (input.length > DOI_MAX + 20) return refuse(field, `is longer than ${DOI_MAX} characters`);
  return CHECKS[field](input);
}

/** A title's identifiers as stored (normalised), or null where it has none. */
export interface TitleIdentifiers {
  printIssn: string | null;
  onlineIssn: string | null;
  isbn: string | null;
}

/** Checks a title's three identifiers together: every problem, or the stored forms. Print and
 * online ISSNs are different numbers by definition (ISSN is given per medium). */
export function checkTitleIdentifiers(
  input: Partial<Record<keyof TitleIdentifiers, string | null>>,
): { ok: true; value: TitleIdentifiers } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const value: TitleIdentifiers = { printIssn: null, onlineIssn: null, isbn: null };
  for (const field of ['printIssn', 'onlineIssn', 'isbn'] as const) {
    const r = checkIdentifier(field, input[field]);
    if (r.ok) value[field] = r.value;
    else problems.push(r.message);
  }
  if (!problems.length && value.printIssn && value.printIssn === value.onlineIssn)
    problems.push('Online ISSN is the same as the Print ISSN: each medium has its own ISSN (leave one empty if there is only one)');
  return problems.length ? { ok: false, problems } : { ok: true, value };
}

const short = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);
