// npm run ingest -- <file.pdf> --title "Name" [--issue "Issue name"] [--date YYYY-MM-DD] [--special]
//   [--category <catId>] [--lang <code>] [--publisher "Name"] [--frequency Monthly] [--type magazine]
// Adds one issue from a publisher PDF: page images at two widths, covers at 1x/2x/3x, page text
// for search. A new --title is created; an existing one (by name) gets the new issue. The same
// file twice is reported as already in. A refusal is one line on stderr and exit code 1; the
// database is closed either way (no process.exit, so PGlite shuts down cleanly).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDb } from '../db/index';
import { migrate } from '../db/migrate';
import { ingestPdf } from './ingest';
import { openStorage } from '../media/open-storage';
import { IngestError } from './render';

const USAGE =
  'usage: npm run ingest -- <file.pdf> --title "Name" [--issue "Issue name"] [--date YYYY-MM-DD] [--special] [--category <catId>] [--lang <code>]';

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      issue: { type: 'string' },
      date: { type: 'string' },
      special: { type: 'boolean', default: false },
      category: { type: 'string' },
      lang: { type: 'string', default: 'en' },
      publisher: { type: 'string', default: 'Independent' },
      frequency: { type: 'string', default: 'Monthly' },
      type: { type: 'string', default: 'magazine' },
    },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new IngestError(USAGE);
  if (!values.title) throw new IngestError('--title is required');
  if (values.category !== undefined && !/^\d+$/.test(values.category))
    throw new IngestError(`--category takes a category id (a number), not '${values.category}'`);
  return { file, values };
}

async function main(): Promise<void> {
  const { file, values } = parse();
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    throw new IngestError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const started = Date.now();
    const result = await ingestPdf(
      db,
      openStorage(config),
      bytes,
      {
        title: {
          name: values.title!,
          publisher: values.publisher,
          catId: values.category === undefined ? undefined : Number(values.category),
          lang: values.lang,
          frequency: values.frequency,
          type: values.type,
        },
        issue: {
          name: values.issue ?? path.basename(file, path.extname(file)),
          pubDate: values.date ?? new Date().toISOString().slice(0, 10),
          isSpecial: values.special,
        },
      },
      (done, total) => console.log(`page ${done}/${total} rendered`),
    );
    for (const w of result.warnings) console.log(`warning: ${w.page === null ? 'the document' : `page ${w.page}`}: ${w.message}`);
    if (!result.created) {
      console.log(
        `Already in: issue ${result.issueId} '${result.issueName}' of '${result.titleName}' (mid ${result.mid}) is this file; nothing added`,
      );
      return;
    }
    if (result.titleCreated) console.log(`Created title '${result.titleName}' (mid ${result.mid})`);
    console.log(
      `Ingested issue ${result.issueId} '${result.issueName}' of '${result.titleName}': ${result.pages} pages in ${((Date.now() - started) / 1000).toFixed(1)} s` +
        (result.warnings.length ? `, ${result.warnings.length} warnings` : ''),
    );
  } finally {
    await db.close();
  }
}

try {
  await main();
} catch (err) {
  // A refusal, an unknown option (parseArgs) or a database that cannot be opened: one plain line.
  console.error(`ingest: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  process.exitCode = 1;
}
