// npm run ingest -- <file.pdf> --title "Name" [--issue "Issue name"] [--date YYYY-MM-DD] [--special]
//   [--category <catId>] [--lang <code>] [--publisher "Name"] [--frequency Monthly] [--type magazine]
// Adds one issue from a publisher PDF: page images at two widths, covers at 1x/2x/3x, page text
// for search. A new --title is created; an existing one (by name) gets the new issue.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDb, type Db } from '../db/index';
import { migrate } from '../db/migrate';
import { slugify } from '../demo/random';
import { ingestPdf } from './ingest';

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

function fail(message: string): never {
  console.error(`ingest: ${message}`);
  process.exit(1);
}

async function findOrCreateTitle(db: Db, name: string): Promise<number> {
  const found = await db.query<{ mid: number }>('SELECT mid FROM titles WHERE lower(name) = lower($1) ORDER BY mid LIMIT 1', [name]);
  if (found.rows[0]) return found.rows[0].mid;
  const cat = values.category
    ? Number(values.category)
    : (await db.query<{ cat_id: number }>('SELECT cat_id FROM categories WHERE NOT hidden ORDER BY curated_rank LIMIT 1')).rows[0]?.cat_id;
  if (!cat) fail('no categories exist yet: start the server once (it loads the catalogue) or pass --category');
  if (!['magazine', 'newspaper', 'journal'].includes(values.type!)) fail('--type must be magazine, newspaper or journal');
  const { rows } = await db.query<{ mid: number }>(
    `INSERT INTO titles (name, slug, publisher, cat_id, lang_code, frequency, type) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING mid`,
    [name, slugify(name), values.publisher, cat, values.lang, values.frequency, values.type],
  );
  console.log(`Created title '${name}' (mid ${rows[0].mid})`);
  return rows[0].mid;
}

const file = positionals[0];
if (!file) fail('usage: npm run ingest -- <file.pdf> --title "Name" [--issue "Issue name"] [--date YYYY-MM-DD] [--special]');
if (!values.title) fail('--title is required');
const date = values.date ?? new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) fail(`--date must be YYYY-MM-DD, not '${date}'`);
let bytes: Uint8Array;
try {
  bytes = fs.readFileSync(file);
} catch (err) {
  fail(`cannot read ${file}: ${(err as Error).message}`);
}

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const mid = await findOrCreateTitle(db, values.title);
  const started = Date.now();
  const issueId = await ingestPdf(
    db,
    config.mediaDir,
    bytes,
    {
      mid,
      name: values.issue ?? path.basename(file, path.extname(file)),
      pubDate: date,
      isSpecial: values.special,
    },
    (done, total) => console.log(`page ${done}/${total} rendered`),
  );
  console.log(`Ingested issue ${issueId} of '${values.title}' in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  fail((err as Error).message);
} finally {
  await db.close();
}
