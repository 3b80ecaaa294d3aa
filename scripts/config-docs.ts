// npm run docs:config: writes docs/configuration.md from the configuration schema
// (src/server/config.ts), so the page and the checks cannot drift apart. A unit test fails when
// the committed page is not what this writes.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { CONFIG_GROUPS, variableDoc } from '../src/server/config';

export const CONFIG_DOCS_PATH = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));

/** Read by the test harness, the benchmarks and the campaigns, never by the server. */
const TOOL_VARIABLES: [name: string, shownDefault: string, doc: string][] = [
  ['CHROMIUM_PATH', '`/usr/bin/chromium`', 'Tests and `bench:bundle`: the browser to drive.'],
  [
    'LECTERN_TEST_DB',
    'unset',
    'Tests: `postgres` runs the API suite on a throwaway PostgreSQL cluster; `replica` on a throwaway primary and a synchronous streaming replica (reads on the replica).',
  ],
  ['LECTERN_TEST_S3', 'unset', 'Tests: `1` keeps media on an s3rver the harness starts (`npm run test:api:s3`).'],
  ['FUZZ_RUNS', '`60`', 'Tests: generated requests per route in the hostile-input test.'],
  ['FUZZ_SEED', 'random', 'Tests: the hostile-input test’s seed (printed on a failure).'],
  ['BENCH_SECONDS', '`10`', 'Benchmarks: how long each one runs.'],
  ['BENCH_ROUNDS', '`10`', 'Benchmarks: rounds.'],
  [
    'FAULT_ROWS',
    'every row',
    '`npm run campaign:faults`: the rows to run, a comma list of `ingest,burst,download,postgres,disk,logo,soak`.',
  ],
  ['FAULT_SOAK_SECONDS', '`600`', '`npm run campaign:faults`: the soak’s length.'],
  ['FAULT_SOAK_RATE', '`200`', '`npm run campaign:faults`: the soak’s requests a second.'],
  ['FAULT_ROW_TIMEOUT_S', '`300`', '`npm run campaign:faults`: each row’s time limit.'],
  ['FAULT_PORT', '`4470`', '`npm run campaign:faults`: the server’s port (and the next one for the logo row).'],
  [
    'FAULT_CACHE_MS',
    '`0`',
    '`npm run campaign:faults`: the response cache’s time to live (`CONTENT_CACHE_MS`; off, so every request reaches the database; `30000` serves as the product does).',
  ],
];

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The default as the page shows it: the schema's own, else the text the schema gives for it. */
function shownDefault(schema: z.ZodType): string {
  const doc = variableDoc(schema);
  if (doc?.shownDefault) return doc.shownDefault;
  const parsed = schema.safeParse(undefined);
  const value: unknown = parsed.success ? parsed.data : undefined;
  if (value === undefined) return 'unset';
  if (typeof value === 'boolean') return value ? '`1`' : '`0`';
  if (Array.isArray(value)) return value.length ? `\`${value.join(',')}\`` : 'none';
  return `\`${String(value)}\``;
}

const table = (rows: [string, string, string][]) =>
  [
    '| variable | default | what it does |',
    '|---|---|---|',
    ...rows.map(([name, def, doc]) => `| \`${name}\` | ${cell(def)} | ${cell(doc)} |`),
  ].join('\n');

export function renderConfigDocs(): string {
  const sections = Object.entries(CONFIG_GROUPS).map(([title, group]) => {
    const rows = Object.entries(group.shape).map(([name, schema]): [string, string, string] => [
      name,
      shownDefault(schema),
      variableDoc(schema)?.doc ?? '',
    ]);
    return `## ${title}\n\n${table(rows)}\n`;
  });
  return [
    '# Configuration',
    '',
    '<!-- Written by `npm run docs:config` from src/server/config.ts: change the schema there, then run it. -->',
    '',
    'The server reads these environment variables once, at start. A value that is not what the variable takes stops the start with a',
    'message naming the variable and what it takes (`PORT must be a whole number from 0 to 65535, got "abc"`); every bad variable is',
    'named at once. An empty value is the same as unset, and values are trimmed.',
    '',
    ...sections,
    '## Tests and benchmarks',
    '',
    'Read by the test harness, the benchmarks and the campaigns, never by the server.',
    '',
    table(TOOL_VARIABLES),
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  fs.writeFileSync(CONFIG_DOCS_PATH, renderConfigDocs());
  console.log(`wrote ${CONFIG_DOCS_PATH}`);
}
