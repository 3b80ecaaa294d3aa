// Project COUNTER's own COUNTER_SUSHI API 5.1 schema (tests/fixtures/counter/), compiled once with
// Ajv (JSON Schema 2020-12, with formats): every SUSHI answer is checked against the component the
// API names for its path and HTTP status, and the console's JSON reports against their report's.
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

const file = path.join(import.meta.dirname, '../fixtures/counter/COUNTER_SUSHI_API_5.1.json');
// One pattern of the published file is not a regular expression (`{1,3,4}`); it means `{1,4}`.
const spec = JSON.parse(fs.readFileSync(file, 'utf8').replaceAll('{1,3,4}', '{1,4}')) as {
  paths: Record<string, { get: { responses: Record<string, { $ref: string }> } }>;
  components: { responses: Record<string, { content: { 'application/json': { schema: object } } }> };
};

// strict: false because the file carries the editor's own keywords (x-stoplight, x-tags).
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(spec, 'counter');

const compiled = new Map<string, ValidateFunction>();
function validator(key: string, schema: object): ValidateFunction {
  let v = compiled.get(key);
  if (!v) compiled.set(key, (v = ajv.compile(schema)));
  return v;
}

/** The schema the API gives for an answer: the path's response for that status (a JSON pointer
 * into the file), else, for a status the path does not list (a 404), the generic Exception. */
function schemaFor(sushiPath: string, status: number): { key: string; schema: object } {
  const responses = spec.paths[sushiPath]?.get.responses;
  const ref = responses?.[String(status)]?.$ref;
  if (!ref) return { key: 'Exception', schema: { $ref: 'counter#/components/schemas/Exception' } };
  const name = ref.split('/').pop()!;
  if (!spec.components.responses[name]) throw new Error(`no response ${name} in the schema`);
  return { key: name, schema: { $ref: `counter#/components/responses/${name}/content/application~1json/schema` } };
}

const explain = (v: ValidateFunction) =>
  (v.errors ?? [])
    .slice(0, 8)
    .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('\n');

/** Throws, naming what is wrong, unless `body` is what COUNTER's schema allows for this SUSHI path
 * ('/r51/reports/tr', '/r51/status', …) and HTTP status. */
export function assertSushiAnswer(sushiPath: string, status: number, body: unknown): void {
  const { key, schema } = schemaFor(sushiPath, status);
  const v = validator(key, schema);
  if (!v(body)) throw new Error(`${sushiPath} (${status}) is not valid COUNTER 5.1 (${key}):\n${explain(v)}`);
}

/** Throws unless `report` is a valid COUNTER 5.1 report of its Report_ID (PR, TR_J1, …). */
export function assertCounterReport(report: { Report_Header?: { Report_ID?: string } }): void {
  const id = report.Report_Header?.Report_ID ?? '';
  if (!/^[A-Z0-9_]+$/.test(id)) throw new Error(`not a report: Report_ID ${JSON.stringify(id)}`);
  const v = validator(id, { $ref: `counter#/components/schemas/${id}` });
  if (!v(report)) throw new Error(`${id} is not valid COUNTER 5.1:\n${explain(v)}`);
}
