// npm run ingest -- <file.pdf> --title "Name" [--issue "Issue name"] [--date YYYY-MM-DD] [--special]
//   [--category <catId>] [--lang <code>] [--publisher "Name"] [--frequency Monthly] [--type magazine]
//   [--issn 0378-5955] [--eissn 1878-5891] [--isbn 978…] [--doi 10.NNNN/…] [--volume N] [--number N]
// npm run ingest -- <folder> --manifest issues.csv     (bulk import: one queued job per row)
// npm run ingest -- --resume                           (runs what is queued or was interrupted)
// npm run ingest -- --reindex                          (stored page text gets the current repair)
// Adds issues from publisher PDFs: page images at two widths (rendered in worker threads), covers
// at 1x/2x/3x, page text for search. A new title is created; an existing one (by name) gets the
// new issue. The same file twice is reported as already in. A refusal is one line on stderr and
// exit code 1; the database is closed either way (no process.exit, so PGlite shuts down cleanly).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config';
import { openDb, type Db } from '../db/index';
import { migrate } from '../db/migrate';
import { enqueueJob } from '../repositories/ingest-jobs';
import { ingestPdf } from './ingest';
import { openStorage } from '../media/open-storage';
import { ManifestError, readManifest } from './manifest';
import { createPagePool } from './page-pool';
import { IngestError } from './render-shared';
import { requestFrom } from './request';
import { HOST, runJobs, type JobEvent } from './runner';
import { reindexPageText } from './reindex';

const USAGE =
  'usage: npm run ingest -- <file.pdf> --title "Name" [--issue "Issue name"] [--date YYYY-MM-DD] [--special] [--category <catId>] [--lang <code>]' +
  ' [--issn NNNN-NNNN] [--eissn NNNN-NNNN] [--isbn N] [--doi 10.NNNN/…] [--volume N] [--number N]' +
  ' | <folder> --manifest issues.csv | --resume | --reindex';

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      issue: { type: 'string' },
      date: { type: 'string' },
      special: { type: 'boolean', default: false },
      category: { type: 'string' },
      lang: { type: 'string' },
      publisher: { type: 'string' },
      frequency: { type: 'string' },
      type: { type: 'string' },
      issn: { type: 'string' },
      eissn: { type: 'string' },
      isbn: { type: 'string' },
      doi: { type: 'string' },
      volume: { type: 'string' },
      number: { type: 'string' },
      manifest: { type: 'string' },
      resume: { type: 'boolean', default: false },
      reindex: { type: 'boolean', default: false },
    },
  });
  const alone = values.resume || values.reindex; // these take no file
  if (alone ? positionals.length > 0 || (values.resume && values.reindex) : positionals.length !== 1) throw new IngestError(USAGE);
  return { target: positionals[0], values };
}

async function ingestOne(db: Db, config: Config, file: string, values: ReturnType<typeof parse>['values']): Promise<void> {
  const request = requestFrom({ ...values, language: values.lang }, file);
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    throw new IngestError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const started = Date.now();
  const pool = config.ingestWorkers ? createPagePool(config.ingestWorkers) : undefined;
  const result = await ingestPdf(
    db,
    openStorage(config),
    bytes,
    request,
    (done, total) => console.log(`page ${done}/${total} rendered`),
    pool,
  ).finally(() => pool?.close());
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
}

/** Queues the manifest's rows (every row checked first), then runs the queue. */
async function queueFolder(db: Db, folder: string, manifest: string): Promise<void> {
  const manifestPath = fs.existsSync(manifest) ? manifest : path.join(folder, manifest);
  const rows = await readManifest(db, manifestPath, folder);
  const listed = new Set(rows.map((r) => r.file));
  const unlisted = fs.readdirSync(folder).filter((f) => /\.pdf$/i.test(f) && !listed.has(path.resolve(folder, f)));
  if (unlisted.length) console.log(`not in the manifest, left out: ${unlisted.join(', ')}`);
  let queued = 0;
  for (const row of rows) if (await enqueueJob(db, { host: HOST, path: row.file, request: row.request })) queued++;
  console.log(
    `queued ${queued} file${queued === 1 ? '' : 's'}` + (queued < rows.length ? ` (${rows.length - queued} already queued)` : ''),
  );
}

function printEvent(e: JobEvent): void {
  const name = `[job ${e.job.id}] ${path.basename(e.job.sourcePath)}`;
  if (e.kind === 'start') console.log(`${name}: started${e.job.attempts > 1 ? ` again (attempt ${e.job.attempts})` : ''}`);
  else if (e.kind === 'page') console.log(`${name}: page ${e.done}/${e.total}`);
  else {
    for (const w of e.result?.warnings ?? [])
      console.log(`${name}: warning: ${w.page === null ? 'the document' : `page ${w.page}`}: ${w.message}`);
    console.log(`${name}: ${e.state}: ${e.message}`);
  }
}

async function reindex(db: Db): Promise<void> {
  const result = await reindexPageText(db, (p) => {
    if (p.pagesChanged)
      console.log(`issue ${p.issueId}: ${p.pagesChanged} page${p.pagesChanged === 1 ? '' : 's'} repaired (${p.done}/${p.total})`);
    else if (p.done % 100 === 0) console.log(`${p.done}/${p.total} issues checked`);
  });
  console.log(
    `reindex: ${result.issues} issues with Devanagari checked, ${result.pagesChanged} pages in ${result.issuesChanged} issues repaired and re-indexed`,
  );
}

async function main(): Promise<void> {
  const { target, values } = parse();
  const config = loadConfig();
  const bulk = values.resume || values.manifest !== undefined || (target && fs.statSync(target, { throwIfNoEntry: false })?.isDirectory());
  if (bulk && !values.resume && !values.manifest)
    throw new IngestError(`${target} is a folder: name its manifest with --manifest issues.csv`);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    if (values.reindex) return await reindex(db);
    if (!bulk) return await ingestOne(db, config, target, values);
    if (values.manifest) await queueFolder(db, target, values.manifest);
    const jobs = await runJobs({ db, storage: openStorage(config), workers: config.ingestWorkers, onEvent: printEvent });
    const count = (s: string) => jobs.filter((j) => j.state === s).length;
    console.log(`${jobs.length} jobs run: ${count('done')} done, ${count('skipped')} skipped (already in), ${count('failed')} failed`);
    if (count('failed')) process.exitCode = 1;
  } finally {
    await db.close();
  }
}

try {
  await main();
} catch (err) {
  // A refusal, a bad manifest, an unknown option (parseArgs) or a database that cannot be opened.
  if (err instanceof ManifestError) for (const p of err.problems) console.error(`ingest: ${p}`);
  else console.error(`ingest: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  process.exitCode = 1;
}
