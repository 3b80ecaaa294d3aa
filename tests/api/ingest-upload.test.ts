// Bulk import's upload endpoint: an admin posts a PDF with the manifest's fields and
// follows the job the server runs in the background. Refusals (403, 413, 415, 400) leave no file
// and no job behind.
// On PostgreSQL too: concurrent uploads against the queue limit.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { loadCatalogue } from '../fixtures/catalogue';
import { ADMIN, LIB, OTHER, grantTestConsoleRoles } from '../support/console-roles';
import { enqueueUpload, openUploads } from '../../src/server/repositories/ingest-jobs';
import * as endpoints from '../../src/shared/endpoints';

const PDFS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/pdfs');
const pdf = (name: string) => fs.readFileSync(path.join(PDFS, name));
const MAX_MB = 1;
const QUEUE = 3; // uploads an admin may have queued or running

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await testApp(loadCatalogue, {
    mailer: outbox.mailer,
    config: { ingestUploadMaxBytes: MAX_MB * 1024 * 1024, ingestQueuePerAdmin: QUEUE },
  });
  api = apiClient(t.app, await xsrfToken(t.app));
  for (const email of [LIB, OTHER, ADMIN]) tokens[email] = (await signInByCode(t.db, api, outbox, email)).token;
  await grantTestConsoleRoles(t.db);
});
afterAll(() => t?.close());

const fields = (over: Record<string, string> = {}) => ({
  title: 'Uploaded Weekly',
  issue: 'No. 7',
  date: '2026-11-07',
  category: '2',
  language: 'en',
  publisher: 'Acme',
  type: 'newspaper',
  ...over,
});
const upload = (bytes: Buffer, over: Record<string, string> = {}, token = tokens[ADMIN], name = 'weekly.pdf') =>
  api.callUpload(endpoints.consoleIngest, { fields: fields(over) }, { name, type: 'application/pdf', bytes }, token);

/** What a refusal must leave as it was: jobs, titles, and the upload folder. */
async function state() {
  const n = async (table: string) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  const dir = path.join(t.dataDir, 'private', 'ingest-uploads');
  return { jobs: await n('ingest_jobs'), titles: await n('titles'), files: fs.existsSync(dir) ? fs.readdirSync(dir) : [] };
}

describe('refusals', () => {
  it('403 for a librarian, 401 signed out, 415 for a non-PDF or a JSON body, 413 past the size limit, 400 for bad fields; nothing stored', async () => {
    const before = await state();
    const small = pdf('issue6069.pdf');
    expect((await upload(small, {}, tokens[LIB])).status).toBe(403);
    expect((await upload(small, {}, '')).status).toBe(401);
    const png = await upload(Buffer.from('\x89PNG\r\n\x1a\n' + 'x'.repeat(2000)));
    expect(png).toMatchObject({ status: 415, error: { message: expect.stringMatching(/not a PDF/) } });
    expect((await api.call(endpoints.consoleIngest, { body: unchecked(fields()) }, tokens[ADMIN])).status).toBe(415);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_MB * 1024 * 1024 + 10, 32)]);
    expect(await upload(big)).toMatchObject({ status: 413, error: { code: 'too_large' } });
    const bad: [Record<string, string>, RegExp][] = [
      [{ date: '2026-02-30' }, /not a real day/],
      [{ category: '99999' }, /no category 99999/],
      [{ category: '1e3' }, /category id/],
      [{ language: 'xx' }, /no language 'xx'/],
      [{ type: 'tabloid' }, /type must be/],
      [{ title: '' }, /title is required/],
      [{ title: 'NUL\u0000' }, /control character/],
      [{ issue: 'x'.repeat(201) }, /longer than 200/],
      [{ colour: 'red' }, /Unknown field 'colour'/],
    ];
    for (const [over, message] of bad) {
      const r = await upload(small, over);
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.error.message).toMatch(message);
    }
    // The file's name is the client's word too: a control character in it is a 400, named or not.
    for (const [over, name] of [
      [{ issue: '' }, 'week\u0000ly.pdf'],
      [{}, 'week\u0000ly.pdf'],
      [{ issue: '' }, '\u001b[2J.pdf'],
    ] as const) {
      const r = await upload(small, over, tokens[ADMIN], name);
      expect([JSON.stringify(name), r.status, r.error.message]).toEqual([
        JSON.stringify(name),
        400,
        'The file name contains a control character.',
      ]);
    }
    const long = await upload(small, { issue: '' }, tokens[ADMIN], `${'n'.repeat(201)}.pdf`);
    expect([long.status, long.error.message]).toEqual([400, 'The file name is longer than 200 characters.']);
    expect((await upload(Buffer.alloc(0), {}, tokens[ADMIN], 'e.pdf')).status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it('a job that is not there is a 404, a bad id a 400, and a librarian may not look', async () => {
    const job = (id: number, token: string) => api.call(endpoints.consoleIngestJobs, { params: { id } }, token);
    expect((await job(999999, tokens[ADMIN])).status).toBe(404);
    expect((await job(0, tokens[ADMIN])).status).toBe(400);
    expect((await job(99999999999, tokens[ADMIN])).status).toBe(400);
    expect((await job(1, tokens[LIB])).status).toBe(403);
  });
});

/** The job once it is over (the server runs it in the background). */
async function finished(id: number) {
  for (let i = 0; i < 480; i++) {
    const job = (await api.call(endpoints.consoleIngestJobs, { params: { id } }, tokens[ADMIN])).body;
    if (!['queued', 'running'].includes(job.state)) return job;
    await new Promise((ok) => setTimeout(ok, 250));
  }
  throw new Error(`job ${id} did not finish`);
}

describe('an upload', () => {
  it('is queued (202), runs in the background to done with its progress, and its copy is removed', async () => {
    const r = await upload(pdf('issue13916.pdf'));
    expect(r).toMatchObject({ status: 202, body: { title: 'Uploaded Weekly', issue: 'No. 7', pagesDone: 0, issueId: null } });
    expect(['queued', 'running']).toContain(r.body.state);
    const job = await finished(r.body.id);
    expect(job).toMatchObject({ state: 'done', pagesDone: 1, pagesTotal: 1, finishedAt: expect.any(String) });
    expect(job.message).toMatch(/^new title; issue \d+ 'No\. 7' of 'Uploaded Weekly', 1 page/);
    const issue = (
      await t.db.query('SELECT i.name, i.pub_date, t.type, t.publisher FROM issues i JOIN titles t USING (mid) WHERE i.issue_id = $1', [
        job.issueId,
      ])
    ).rows[0];
    expect(issue).toEqual({ name: 'No. 7', pub_date: '2026-11-07', type: 'newspaper', publisher: 'Acme' });
    expect((await state()).files).toEqual([]);

    // the same bytes again: queued, then skipped as already in
    const again = await upload(pdf('issue13916.pdf'), { title: 'Other' });
    expect(again.status).toBe(202);
    expect(await finished(again.body.id)).toMatchObject({
      state: 'skipped',
      message: expect.stringMatching(/^already in: issue \d+ 'No\. 7'/),
    });
    expect((await state()).files).toEqual([]);
  }, 120_000);
});

describe('the queue limit per admin', () => {
  it(`lets exactly ${QUEUE} of ${QUEUE * 2} concurrent uploads in (429 for the others, their files removed), and takes more once they are done`, async () => {
    // 55 pages: the first job is still running when the last upload is answered, so no place is
    // given back during the burst
    const bytes = pdf('pdkids.pdf');
    const before = await state();
    const replies = await Promise.all(Array.from({ length: QUEUE * 2 }, (_, i) => upload(bytes, { issue: `Burst ${i}` })));
    const accepted = replies.filter((r) => r.status === 202);
    expect(accepted).toHaveLength(QUEUE);
    for (const r of replies.filter((r) => r.status !== 202)) {
      expect(r).toMatchObject({
        status: 429,
        error: { code: 'too_many_uploads', message: expect.stringMatching(/already have 3 uploads/) },
      });
    }
    const after = await state();
    expect(after.jobs).toBe(before.jobs + QUEUE);
    expect(after.files).toHaveLength(QUEUE); // a refused upload's copy is gone

    // full: refused before the body is read (a file past the size limit is not even looked at)
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_MB * 1024 * 1024 + 10, 32)]);
    expect((await upload(big)).status).toBe(429);

    // each job gives its place back as it ends (done, then skipped: the same bytes)
    for (const r of accepted) expect(['done', 'skipped']).toContain((await finished(r.body.id)).state);
    expect((await t.db.query('SELECT open_jobs FROM ingest_upload_quota')).rows).toEqual([{ open_jobs: 0 }]);
    const later = await upload(bytes, { issue: 'Later' });
    expect(later.status).toBe(202);
    expect((await finished(later.body.id)).state).toBe('skipped');
  }, 180_000);
});

describe('the queue limit, counted in one statement', () => {
  it('takes exactly max places for many concurrent uploads, per admin, and a job that ends or is deleted gives its place back', async () => {
    // jobs of another host, so this server's runner leaves them alone
    const job = (createdBy: number, i: number) => ({
      host: 'elsewhere',
      path: `/uploads/${createdBy}-${i}-${Math.random()}.pdf`,
      request: { title: { name: 'Quota' }, issue: { name: `No. ${i}`, pubDate: '2026-11-01' } },
      createdBy,
    });
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => enqueueUpload(t.db, job(9001, i), 5)));
    expect(ids.filter((id) => id !== null)).toHaveLength(5);
    const other = await Promise.all(Array.from({ length: 4 }, (_, i) => enqueueUpload(t.db, job(9002, i), 5)));
    expect(other.every((id) => id !== null)).toBe(true);
    expect(await openUploads(t.db, 9001)).toBe(5);
    const [a, b] = ids.filter((id): id is number => id !== null);
    await t.db.query(`UPDATE ingest_jobs SET state = 'failed', finished_at = now() WHERE id = $1`, [a]);
    await t.db.query(`DELETE FROM ingest_jobs WHERE id = $1`, [b]);
    await t.db.query(`UPDATE ingest_jobs SET message = 'noted' WHERE id = $1`, [a]); // no second give-back
    expect(await openUploads(t.db, 9001)).toBe(3);
    const again = await Promise.all(Array.from({ length: 4 }, (_, i) => enqueueUpload(t.db, job(9001, 100 + i), 5)));
    expect(again.filter((id) => id !== null)).toHaveLength(2);
    await t.db.query(`DELETE FROM ingest_jobs WHERE source_host = 'elsewhere'`);
    expect([await openUploads(t.db, 9001), await openUploads(t.db, 9002)]).toEqual([0, 0]);
  });
});
