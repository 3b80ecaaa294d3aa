// The fields of one issue to ingest, as the single-file flags, a manifest row and the upload form
// give them (all text), turned into an IngestRequest. The checks that need no database are here;
// checkRequest (ingest.ts) does the rest (a real date, a known category, language and type).
import path from 'node:path';
import type { IngestRequest } from './ingest';
import { IngestError } from './render-shared';
import { checkIdentifier, type IdentifierField } from '../../shared/identifiers';

export interface IssueFields {
  title?: string;
  issue?: string;
  date?: string;
  category?: string;
  language?: string;
  publisher?: string;
  frequency?: string;
  type?: string;
  special?: boolean;
  /** the title's print and online ISSN and ISBN, the issue's DOI, volume and number */
  issn?: string;
  eissn?: string;
  isbn?: string;
  doi?: string;
  volume?: string;
  number?: string;
}

/** An identifier as given, checked and normalised (null when not given). */
function identifier(field: IdentifierField, value: string | undefined): string | null {
  const r = checkIdentifier(field, value);
  if (!r.ok) throw new IngestError(r.message);
  return r.value;
}

/** A volume or issue number: a whole number from 1 (empty: not numbered). */
function issueNumber(label: string, value: string | undefined): number | undefined {
  if (!value?.trim()) return undefined;
  const n = /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : 0;
  if (n < 1 || n > 100000) throw new IngestError(`the ${label} must be a whole number from 1 to 100000, not '${value}'`);
  return n;
}

const MAX_TEXT = 200;

/** `file` names the issue when no issue name is given. */
export function requestFrom(fields: IssueFields, file: string): IngestRequest {
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value !== 'string') continue;
    // NUL and other control characters would reach the database as a raw error
    if (/\p{Cc}/u.test(value)) throw new IngestError(`the ${name} contains a control character`);
    if (value.length > MAX_TEXT) throw new IngestError(`the ${name} is longer than ${MAX_TEXT} characters`);
  }
  // The file's name stands in for the issue's name, so it is text like the fields (an uploaded
  // file's name is whatever the client sent).
  const fileName = path.basename(file, path.extname(file));
  if (/\p{Cc}/u.test(fileName)) throw new IngestError('the file name contains a control character');
  if (!fields.issue?.trim() && fileName.length > MAX_TEXT) throw new IngestError(`the file name is longer than ${MAX_TEXT} characters`);
  const { title, category } = fields;
  if (!title?.trim()) throw new IngestError('a title is required');
  if (category && !/^\d+$/.test(category)) throw new IngestError(`the category takes a category id (a number), not '${category}'`);
  const printIssn = identifier('printIssn', fields.issn);
  const onlineIssn = identifier('onlineIssn', fields.eissn);
  if (printIssn && printIssn === onlineIssn) throw new IngestError('Online ISSN is the same as the Print ISSN: each medium has its own');
  return {
    title: {
      name: title.trim(),
      publisher: fields.publisher?.trim() || 'Independent',
      catId: category ? Number(category) : undefined,
      lang: fields.language?.trim() || 'en',
      frequency: fields.frequency?.trim() || 'Monthly',
      type: fields.type?.trim() || 'magazine',
      printIssn,
      onlineIssn,
      isbn: identifier('isbn', fields.isbn),
    },
    issue: {
      name: fields.issue?.trim() || fileName,
      pubDate: fields.date?.trim() || new Date().toISOString().slice(0, 10),
      isSpecial: fields.special ?? false,
      doi: identifier('doi', fields.doi),
      volume: issueNumber('volume', fields.volume),
      number: issueNumber('issue number', fields.number),
    },
  };
}
