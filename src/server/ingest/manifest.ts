// The manifest of a bulk import (`npm run ingest -- <folder> --manifest issues.csv`): a CSV file
// whose first line names its columns (file and title required; issue, date, category, language,
// publisher, type, issn, eissn, isbn, doi, volume, number optional, in any order), one row per PDF of the folder. Every row is checked as
// the single-file flags are (request.ts, then checkRequest against the database) and every bad
// row is reported with its line number before anything is queued.
import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/index';
import { checkRequest, type IngestRequest } from './ingest';
import { IngestError } from './render-shared';
import { requestFrom, type IssueFields } from './request';
import { INGEST_UPLOAD_FIELDS } from '../../shared/schemas/ingest-jobs';

/** The upload form's fields, and the file each row names. */
export const MANIFEST_COLUMNS = ['file', ...INGEST_UPLOAD_FIELDS] as const;

export interface ManifestRow {
  line: number;
  /** absolute path inside the folder */
  file: string;
  request: IngestRequest;
}

/** Every problem of a manifest, one per line ("issues.csv line 3: …"). */
export class ManifestError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** RFC 4180 records (quoted fields may hold commas, quotes as "" and line breaks), each with the
 * line it starts on. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const src = text.replace(/^\uFEFF/, ''); // a spreadsheet's byte-order mark
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') cell += src[i++];
      else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endCell();
      if (cells.some((x) => x.trim())) records.push({ line: start, cells });
      cells = [];
      start = ++line;
    } else cell += c;
  }
  if (quoted) throw new ManifestError([`line ${start}: a quoted field is not closed`]);
  endCell();
  if (cells.some((x) => x.trim())) records.push({ line: start, cells });
  return records;
}

/** The manifest's rows, checked; a ManifestError lists every bad row. */
export async function readManifest(db: Queryable, manifestPath: string, folder: string): Promise<ManifestRow[]> {
  const name = path.basename(manifestPath);
  let text: string;
  try {
    text = fs.readFileSync(manifestPath, 'utf8');
  } catch (err) {
    throw new ManifestError([`cannot read ${manifestPath}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`]);
  }
  const [header, ...records] = parseCsv(text).map((r) => ({ ...r, cells: r.cells.map((c) => c.trim()) }));
  if (!header) throw new ManifestError([`${name} is empty: its first line names the columns (${MANIFEST_COLUMNS.join(', ')})`]);
  const columns = header.cells.map((c) => c.toLowerCase());
  const unknown = columns.filter((c) => !(MANIFEST_COLUMNS as readonly string[]).includes(c));
  const missing = ['file', 'title'].filter((c) => !columns.includes(c));
  if (unknown.length || missing.length || new Set(columns).size !== columns.length)
    throw new ManifestError([
      `${name} line ${header.line}: the columns must be ${MANIFEST_COLUMNS.join(', ')} (file and title required, each once)` +
        (unknown.length ? `; unknown: ${unknown.join(', ')}` : '') +
        (missing.length ? `; missing: ${missing.join(', ')}` : ''),
    ]);
  const root = path.resolve(folder);
  const problems: string[] = [];
  const rows: ManifestRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of records) {
    const at = `${name} line ${line}`;
    if (cells.length !== columns.length) {
      problems.push(`${at}: ${cells.length} fields, the header has ${columns.length}`);
      continue;
    }
    const fields = Object.fromEntries(columns.map((c, i) => [c, cells[i]])) as Record<string, string>;
    const request = () => requestFrom(fields as IssueFields, file);
    const file = path.resolve(root, fields.file);
    try {
      if (!fields.file) throw new IngestError('the file is empty');
      if (path.relative(root, file).startsWith('..') || path.isAbsolute(path.relative(root, file)))
        throw new IngestError(`'${fields.file}' is not inside ${folder}`);
      if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw new IngestError(`there is no file '${fields.file}' in ${folder}`);
      if (seen.has(file)) throw new IngestError(`'${fields.file}' is on line ${seen.get(file)} already`);
      seen.set(file, line);
      const req = request();
      await checkRequest(db, req);
      rows.push({ line, file, request: req });
    } catch (err) {
      if (!(err instanceof IngestError)) throw err;
      problems.push(`${at}: ${err.message}`);
    }
  }
  if (!records.length) problems.push(`${name} has no rows below its header`);
  if (problems.length) throw new ManifestError(problems);
  return rows;
}
