// npm run seed -- --titles 10000 [--issues-per-title 10] [--pages-per-issue 2] [--database-url URL | --data-dir DIR]
// Grows the catalogue to the given number of titles with synthetic rows, for benchmarks: no
// PDFs (covers reuse the demo library's files, page text is generated). An empty database
// first gets the demo library (20 titles) so reference data and covers exist.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDb } from '../db/index';
import { migrate } from '../db/migrate';
import { refreshPopularity } from '../jobs/popularity';
import { EN_WORDS, HI_WORDS, NAME_PREFIX, NAME_SUFFIX, PUBLISHERS } from './catalogue-data';
import { seedDemo } from './seed';
import { openStorage } from '../media/open-storage';

const { values } = parseArgs({
  options: {
    titles: { type: 'string', default: '10000' },
    'issues-per-title': { type: 'string', default: '10' },
    'pages-per-issue': { type: 'string', default: '2' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
  },
});

const target = Number(values.titles);
const issuesPer = Number(values['issues-per-title']);
const pagesPer = Number(values['pages-per-issue']);
if (![target, issuesPer, pagesPer].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('seed: --titles, --issues-per-title and --pages-per-issue must be positive integers');
  process.exit(1);
}

const config = loadConfig({
  ...process.env,
  ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
  ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
});
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(db);
const started = Date.now();

if ((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM titles')).rows[0].n === 0) {
  console.log('Empty database: loading a 20-title demo library first');
  await seedDemo(db, { storage: openStorage(config), titles: 20 });
}

const BATCH = 500;
const words = [...EN_WORDS, ...HI_WORDS];
let have = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM titles')).rows[0].n;
while (have < target) {
  const n = Math.min(BATCH, target - have);
  await db.transaction(async (tx) => {
    // Titles spread over the visible categories and the languages, names from the demo vocabulary.
    const { rows } = await tx.query<{ mid: number }>(
      `WITH cats AS (SELECT array_agg(cat_id ORDER BY cat_id) AS ids FROM categories WHERE NOT hidden),
            langs AS (SELECT array_agg(lang_code ORDER BY curated_rank) AS codes FROM languages)
       INSERT INTO titles (name, slug, publisher, cat_id, lang_code, frequency, type, is_gold, is_free, is_featured,
                           is_international, age_rating, description, curated_rank)
       SELECT name, lower(replace(name, ' ', '-')), ($4::text[])[1 + g % cardinality($4::text[])],
              cat, CASE WHEN g % 5 = 0 THEN langs.codes[1 + g % cardinality(langs.codes)] ELSE 'en' END,
              'Monthly', CASE cat WHEN 154 THEN 'newspaper' WHEN 52 THEN 'journal' ELSE 'magazine' END,
              g % 7 <> 0, g % 11 = 0, g % 13 = 0, g % 6 = 0, CASE WHEN g % 17 = 0 THEN 18 ELSE 3 END,
              'A synthetic title for load tests', 1000 + g
       FROM generate_series($1::int, $1::int + $2::int - 1) g, cats, langs,
            LATERAL (SELECT ($3::text[])[1 + g % cardinality($3::text[])] || ' ' || ($5::text[])[1 + (g / 7) % cardinality($5::text[])] || ' ' || g AS name,
                            cats.ids[1 + (g * 7) % cardinality(cats.ids)] AS cat) x
       RETURNING mid`,
      [have + 1, n, NAME_PREFIX, PUBLISHERS, NAME_SUFFIX],
    );
    const mids = rows.map((r) => r.mid);
    await tx.query(
      `WITH covers AS (SELECT array_agg(cover_1x) c1, array_agg(cover_2x) c2, array_agg(cover_3x) c3 FROM (SELECT * FROM issues WHERE cover_1x IS NOT NULL LIMIT 200) i)
       INSERT INTO issues (mid, name, pub_date, page_count, cover_1x, cover_2x, cover_3x)
       SELECT m, 'Issue ' || (k + 1), DATE '2026-11-15' - (k * 30 + m % 28), $2, c1[1 + (m + k) % cardinality(c1)], c2[1 + (m + k) % cardinality(c2)], c3[1 + (m + k) % cardinality(c3)]
       FROM unnest($1::int[]) m, generate_series(0, $3::int - 1) k, covers`,
      [mids, pagesPer, issuesPer],
    );
    await tx.query(
      `INSERT INTO pages (issue_id, page_no, width, height, text)
       SELECT i.issue_id, p, 720, 1020,
              array_to_string(ARRAY(SELECT ($2::text[])[1 + ((i.issue_id * 31 + p * 17 + w * 7) % cardinality($2::text[]))] FROM generate_series(1, 60) w), ' ')
       FROM issues i, generate_series(1, $3::int) p WHERE i.mid = ANY($1::int[])`,
      [mids, words, pagesPer],
    );
  });
  have += n;
  console.log(`Titles: ${have}/${target}  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
await refreshPopularity(db);
// As after any bulk load: VACUUM sets the visibility map, without which an index-only scan (the
// listings') reads the table too, as a catalogue in service never does; ANALYZE gives the planner
// the new rows' statistics.
await db.exec('VACUUM ANALYZE');
const counts = (await db.query('SELECT (SELECT count(*) FROM titles) t, (SELECT count(*) FROM issues) i, (SELECT count(*) FROM pages) p'))
  .rows[0];
console.log(`Catalogue: ${counts.t} titles, ${counts.i} issues, ${counts.p} pages in ${((Date.now() - started) / 1000).toFixed(0)} s`);
await db.close();
