// Bulk import: a manifest checked row by row before anything is queued, a folder of
// real PDFs (tests/fixtures/pdfs) ingested through the job queue with progress, a re-run that skips
// what is in, a job left running by a dead process taken again, and on PostgreSQL two runners
// at once that never take the same job.
// On PostgreSQL too: two runners at once never taking the same job.
import { LocalStorage } from '../../src/server/media/local';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/index';
import { ManifestError, readManifest } from '../../src/server/ingest/manifest';
import { HOST, runJobs, type JobEvent } from '../../src/server/ingest/runner';
import { claimJob, enqueueJob, getJob } from '../../src/server/repositories/ingest-jobs';
import { migratedDb } from '../support/app';

const PDFS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/pdfs');
const FILES = ['issue6069.pdf', 'issue13916.pdf', 'noembed-eucjp.pdf'];
const onPg = process.env.LECTERN_TEST_DB === 'postgres';

let db: Db;
let dir: string;
let folder: string;
let mediaDir: string;
beforeAll(async () => {
  db = await migratedDb();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bulk-'));
  folder = path.join(dir, 'in');
  mediaDir = path.join(dir, 'media');
  fs.mkdirSync(folder);
  for (const f of [...FILES, 'bug1020226.pdf', 'issue6010_1.pdf']) fs.copyFileSync(path.join(PDFS, f), path.join(folder, f));
  fs.copyFileSync(path.join(PDFS, FILES[0]), path.join(folder, 'copy.pdf'));
});
afterAll(async () => {
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const manifest = (name: string, text: string) => {
  fs.writeFileSync(path.join(folder, name), text);
  return path.join(folder, name);
};
const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
const problemsOf = (p: Promise<unknown>) =>
  p.then(
    () => [],
    (err: unknown) => {
      expect(err).toBeInstanceOf(ManifestError);
      return (err as ManifestError).problems;
    },
  );
const run = async (owner?: string) => {
  const events: JobEvent[] = [];
  const jobs = await runJobs({ db, storage: new LocalStorage(mediaDir), workers: 2, onEvent: (e) => events.push(e), owner });
  return { jobs, events };
};

describe('the manifest', () => {
  it('reports every bad row with its line number, and nothing is queued', async () => {
    const file = manifest(
      'bad.csv',
      [
        'file,title,issue,date,category,language,publisher,type',
        'issue6069.pdf,Fine,No. 1,2026-11-01,2,en,Acme,magazine',
        'issue13916.pdf,Bad day,No. 2,2026-02-30,2,en,,',
        'missing.pdf,No file,,,,,,',
        '"issue6069.pdf",Twice,,,,,,',
        'noembed-eucjp.pdf,,,,,,,',
        '../in/issue6069.pdf,Escapes,,,,,,',
        'bug1020226.pdf,Bad category,,,x1,en,,',
        'issue6010_1.pdf,Unknown,,,999,xx,,tabloid',
        'issue6010_1.pdf,"Quoted, with a comma"',
        'copy.pdf,"NUL\u0000here",,,,,,',
      ].join('\r\n'),
    );
    const problems = await problemsOf(readManifest(db, file, folder));
    expect(problems).toEqual([
      "bad.csv line 3: the date '2026-02-30' is not a real day as YYYY-MM-DD",
      `bad.csv line 4: there is no file 'missing.pdf' in ${folder}`,
      "bad.csv line 5: 'issue6069.pdf' is on line 2 already",
      'bad.csv line 6: a title is required',
      "bad.csv line 7: '../in/issue6069.pdf' is on line 2 already",
      "bad.csv line 8: the category takes a category id (a number), not 'x1'",
      "bad.csv line 9: the type must be magazine, newspaper, journal, not 'tabloid'",
      'bad.csv line 10: 2 fields, the header has 8',
      'bad.csv line 11: the title contains a control character',
    ]);
    expect(await count('ingest_jobs')).toBe(0);
  });

  it('refuses a header without file or title, an unknown column, a path outside the folder and an unknown language', async () => {
    expect(await problemsOf(readManifest(db, manifest('h.csv', 'file,name\nissue6069.pdf,X\n'), folder))).toEqual([
      'h.csv line 1: the columns must be file, title, issue, date, category, language, publisher, type, issn, eissn, isbn, doi, volume, number (file and title required, each once); unknown: name; missing: title',
    ]);
    expect(await problemsOf(readManifest(db, manifest('e.csv', '\n\n'), folder))).toHaveLength(1);
    expect(await problemsOf(readManifest(db, manifest('i.csv', 'file,title,issn\nissue6069.pdf,X,0378-5954\n'), folder))).toEqual([
      "i.csv line 2: Print ISSN '0378-5954' has a wrong check digit (an ISSN's last character)",
    ]);
    fs.writeFileSync(path.join(dir, 'outside.pdf'), 'x');
    const rows = 'title,file,language\nOut,../outside.pdf,en\n"Multi\nline",issue6069.pdf,en\nLang,issue13916.pdf,xx\n';
    expect(await problemsOf(readManifest(db, manifest('o.csv', rows), folder))).toEqual([
      `o.csv line 2: '../outside.pdf' is not inside ${folder}`,
      'o.csv line 3: the title contains a control character',
      expect.stringMatching(/^o\.csv line 5: there is no language 'xx' \(known: .*en/),
    ]);
  });
});

describe('a folder through the job queue', () => {
  it('ingests three PDFs with per-file progress, then a re-run skips them as already in', async () => {
    const rows = await readManifest(
      db,
      manifest(
        'issues.csv',
        `file,title,issue,date,category,language\n${FILES.map((f, i) => `${f},Bulk ${i % 2},No. ${i},2026-11-0${i + 1},2,en`).join('\n')}\n`,
      ),
      folder,
    );
    for (const r of rows) expect(await enqueueJob(db, { host: HOST, path: r.file, request: r.request })).toBeGreaterThan(0);
    // the same command again before they ran: nothing queued twice
    for (const r of rows) expect(await enqueueJob(db, { host: HOST, path: r.file, request: r.request })).toBeNull();
    const { jobs, events } = await run();
    expect(jobs.map((j) => [path.basename(j.sourcePath), j.state])).toEqual(FILES.map((f) => [f, 'done']));
    for (const j of jobs) {
      const kinds = events.filter((e) => e.job.id === j.id).map((e) => (e.kind === 'page' ? `page ${e.done}/${e.total}` : e.kind));
      expect(kinds).toEqual(['start', 'page 1/1', 'end']);
      const stored = await getJob(db, j.id);
      expect(stored).toMatchObject({ state: 'done', pagesDone: 1, pagesTotal: 1, attempts: 1 });
      expect(stored!.issueId).toBeGreaterThan(0);
      expect(stored!.finishedAt).toBeInstanceOf(Date);
    }
    expect(await count('issues')).toBe(3);
    const titles = (await db.query<{ name: string }>('SELECT name FROM titles ORDER BY name')).rows.map((r) => r.name);
    expect(titles).toEqual(['Bulk 0', 'Bulk 1']);

    for (const r of rows) await enqueueJob(db, { host: HOST, path: r.file, request: r.request });
    const again = await run();
    expect(again.jobs.map((j) => j.state)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(again.jobs[0].message).toMatch(/^already in: issue \d+ 'No\. 0' of 'Bulk 0'/);
    expect(await count('issues')).toBe(3);
  }, 120_000);

  it('a job left running by a process that is gone is taken again; one that failed three times is failed', async () => {
    const request = { title: { name: 'Resumed', catId: 2, lang: 'en' }, issue: { name: 'No. 1', pubDate: '2026-11-01' } };
    await db.query('DELETE FROM issues');
    const stale = await enqueueJob(db, { host: HOST, path: path.join(folder, FILES[0]), request });
    const deadPid = await enqueueJob(db, { host: HOST, path: path.join(folder, FILES[1]), request });
    const tooMany = await enqueueJob(db, { host: HOST, path: path.join(folder, FILES[2]), request });
    // stale: another machine's runner stopped beating ten minutes ago; deadPid: a process of this
    // host that no longer exists (above Linux's largest pid), beating a moment ago
    await db.query(
      `UPDATE ingest_jobs SET state = 'running', attempts = 1, pages_done = 3,
         owner = CASE id WHEN $1 THEN 'elsewhere:1:a' ELSE $3 END,
         heartbeat_at = CASE id WHEN $1 THEN now() - interval '10 minutes' ELSE now() END
       WHERE id IN ($1, $2)`,
      [stale, deadPid, `${HOST}:4194999:b`],
    );
    await db.query(
      `UPDATE ingest_jobs SET state = 'running', attempts = 3, owner = 'elsewhere:1:a', heartbeat_at = now() - interval '1 hour' WHERE id = $1`,
      [tooMany],
    );
    const { jobs } = await run();
    expect(jobs.map((j) => [j.id, j.state, j.attempts])).toEqual([
      [stale, 'done', 2],
      [deadPid, 'done', 2],
    ]);
    expect(await getJob(db, tooMany!)).toMatchObject({ state: 'failed', message: expect.stringMatching(/^stopped 3 times while it ran/) });
    expect(await count('issues')).toBe(2);
  }, 120_000);

  it('a failing file is failed with its message and the next job still runs', async () => {
    const request = { title: { name: 'Refused', catId: 2, lang: 'en' }, issue: { name: 'No. 1', pubDate: '2026-11-01' } };
    const locked = await enqueueJob(db, { host: HOST, path: path.join(folder, 'issue6010_1.pdf'), request });
    const gone = await enqueueJob(db, { host: HOST, path: path.join(folder, 'vanished.pdf'), request });
    const { jobs } = await run();
    expect(jobs.map((j) => [j.id, j.state, j.message])).toEqual([
      [locked, 'failed', 'password-protected: export an unprotected copy'],
      [gone, 'failed', expect.stringMatching(/^cannot read .*vanished\.pdf: ENOENT/)],
    ]);
  }, 60_000);
});

describe.runIf(onPg)('two runners at once (PostgreSQL)', () => {
  it('never take the same job', async () => {
    await db.query('DELETE FROM issues');
    const request = (n: number) => ({
      title: { name: `Race ${n}`, catId: 2, lang: 'en' },
      issue: { name: 'No. 1', pubDate: '2026-11-01' },
    });
    const ids = [];
    for (const [n, f] of [...FILES, 'bug1020226.pdf', 'issue6010_1.pdf'].entries())
      ids.push(await enqueueJob(db, { host: HOST, path: path.join(folder, f), request: request(n) }));
    // claims alone, many at once: each queued job goes to exactly one of them
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        claimJob(db, { owner: `${HOST}:${process.pid}:c${i}`, host: HOST, staleSeconds: 60, deadOwners: [] }),
      ),
    );
    const claimed = claims.flatMap((c) => (c ? [c.id] : []));
    expect(claimed.sort()).toEqual([...ids].sort());
    await db.query(`UPDATE ingest_jobs SET state = 'queued', owner = NULL, attempts = 0 WHERE id = ANY($1)`, [ids]);
    // two whole runners
    const [a, b] = await Promise.all([run(`${HOST}:${process.pid}:a`), run(`${HOST}:${process.pid}:b`)]);
    const ran = [...a.jobs, ...b.jobs].map((j) => j.id).sort();
    expect(ran).toEqual([...ids].sort());
    expect(a.jobs.length).toBeGreaterThan(0);
    expect(b.jobs.length).toBeGreaterThan(0);
    const rows = (await db.query<{ attempts: number; state: string }>('SELECT attempts, state FROM ingest_jobs WHERE id = ANY($1)', [ids]))
      .rows;
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    expect(rows.map((r) => r.state).sort()).toEqual(['done', 'done', 'done', 'failed', 'failed']);
  }, 180_000);
});
