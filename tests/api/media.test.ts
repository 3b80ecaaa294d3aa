// Media through the storage interface, on the local directory and (LECTERN_TEST_S3=1) on a real
// S3-compatible server: page images are private (no public URL, only the reader's token route),
// covers are public and cacheable, both stream with ETag, 304 and byte ranges.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken } from '../support/api-client';
import * as endpoints from '../../src/shared/endpoints';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { testOnS3 } from '../support/s3';
import { generateIssuePdf } from '../../src/server/demo/pdf-generator';
import { ingestPdf } from '../../src/server/ingest/ingest';
import { LocalStorage } from '../../src/server/media/local';
import { S3Storage } from '../../src/server/media/s3';
import { movePageImagesOutOfPublic } from '../../src/server/media/relocate';
import { openStorage } from '../../src/server/media/open-storage';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
let issueId: number;
let page: { image_small: string; image_large: string; image_xlarge: string };
let cover: string;

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
  const pdf = await generateIssuePdf({
    titleName: 'Business Weekly',
    issueName: 'Media test',
    pubDate: '2026-11-01',
    hindi: false,
    hue: 90,
    pages: 1,
    seed: 11,
    kind: 'magazine',
  });
  ({ issueId } = await ingestPdf(t.db, t.app.storage, pdf, {
    title: { mid: FX.mid.biz },
    issue: { name: 'Media test', pubDate: '2026-11-01' },
  }));
  page = (await t.db.query<typeof page>('SELECT image_small, image_large, image_xlarge FROM pages WHERE issue_id = $1', [issueId])).rows[0];
  cover = (await t.db.query<{ cover_2x: string }>('SELECT cover_2x FROM issues WHERE issue_id = $1', [issueId])).rows[0].cover_2x;
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function readerCode(): Promise<string> {
  const r = await signInByCode(t.db, api, outbox, `media${Date.now()}@active.edu`);
  const res = await api.call(endpoints.readerToken, { body: { issue: issueId } }, r.token);
  expect(res.status).toBe(200);
  return res.body.data.code;
}

it(`runs on the storage the harness chose (${testOnS3() ? 's3rver' : 'local directory'})`, () => {
  expect(t.app.storage).toBeInstanceOf(testOnS3() ? S3Storage : LocalStorage);
});

describe('page images are private', () => {
  it('have no public URL: /media/<name> and every spelling of a folder under it is refused', async () => {
    for (const name of [page.image_small, page.image_large, page.image_xlarge]) {
      for (const url of [
        `/media/${name}`,
        `/media/pages/${name}`,
        `/media/pages%2F${name}`,
        `/media/..%2Fpages%2F${name}`,
        `/media/.incoming/${name}`,
        `/media/${name}%00`,
      ]) {
        const res = await get(url);
        // 404, or 400 for a control character in the name; never the file.
        expect(res.statusCode, url).toBe(url.endsWith('%00') ? 400 : 404);
        expect(res.json().error.code).toBe(url.endsWith('%00') ? 'bad_request' : 'not_found');
      }
    }
  });

  it('are served with a valid reader token, and refused without one or with another issue’s', async () => {
    const code = await readerCode();
    const stored = (await t.app.storage.read('pages', page.image_large))!;
    const ok = await get(`/content/reader/${issueId}/pages/1/large.webp?code=${code}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
    expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(ok.rawPayload.equals(stored)).toBe(true);
    expect(ok.headers.etag).toBeTruthy();
    expect((await get(`/content/reader/${issueId}/pages/1/large.webp`)).statusCode).toBe(403);
    expect((await get(`/content/reader/${issueId}/pages/1/large.webp?code=nonsense`)).statusCode).toBe(403);
    const [other] = (await t.db.query<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 LIMIT 1', [FX.mid.tech])).rows;
    expect((await get(`/content/reader/${other.issue_id}/pages/1/large.webp?code=${code}`)).statusCode).toBe(403);

    // The reader's cache revalidates, and a range is a range, as on the public route.
    const again = await get(`/content/reader/${issueId}/pages/1/large.webp?code=${code}`, { 'if-none-match': ok.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const part = await get(`/content/reader/${issueId}/pages/1/small.webp?code=${code}`, { range: 'bytes=0-11' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString('latin1', 8, 12)).toBe('WEBP');
    expect(part.rawPayload.length).toBe(12);
  });

  it('come at three widths; an issue from before the xlarge one serves its large image for it', async () => {
    const code = await readerCode();
    const url = (size: string) => `/content/reader/${issueId}/pages/1/${size}?code=${code}`;
    const bodies = await Promise.all(['small.webp', 'large.webp', 'xlarge.webp'].map((s) => get(url(s))));
    expect(bodies.map((b) => b.statusCode)).toEqual([200, 200, 200]);
    const [small, large, xlarge] = bodies.map((b) => b.rawPayload.length);
    expect(small < large && large < xlarge).toBe(true);
    expect(bodies[2].rawPayload.equals((await t.app.storage.read('pages', page.image_xlarge))!)).toBe(true);
    for (const size of ['huge.webp', 'xlarge.png', 'xlarge.webp%00', '..%2Flarge.webp'])
      expect((await get(url(size))).statusCode, size).toBe(400);

    await t.db.query('UPDATE pages SET image_xlarge = NULL, xlarge_width = NULL WHERE issue_id = $1', [issueId]);
    try {
      const old = await get(url('xlarge.webp'));
      expect(old.statusCode).toBe(200);
      expect(old.rawPayload.equals((await t.app.storage.read('pages', page.image_large))!)).toBe(true);
      const manifest = (await get(`/content/reader/${issueId}?code=${code}`)).json();
      expect(manifest.pages[0].xlarge).toBe(manifest.pages[0].large);
    } finally {
      await t.db.query('UPDATE pages SET image_xlarge = $2, xlarge_width = 1800 WHERE issue_id = $1', [issueId, page.image_xlarge]);
    }
  });
});

describe('covers are public', () => {
  it('stream with a year of caching, an ETag that answers 304, and byte ranges', async () => {
    const stored = (await t.app.storage.read('public', cover))!;
    const res = await get(`/media/${cover}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(stored.length);
    expect(res.rawPayload.equals(stored)).toBe(true);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);

    expect((await get(`/media/${cover}`, { 'if-none-match': etag })).statusCode).toBe(304);
    const part = await get(`/media/${cover}`, { range: 'bytes=4-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-9/${stored.length}`);
    expect(part.rawPayload.equals(stored.subarray(4, 10))).toBe(true);
    const tail = await get(`/media/${cover}`, { range: 'bytes=-5' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(stored.subarray(stored.length - 5))).toBe(true);
    for (const range of [`bytes=${stored.length + 10}-`, 'bytes=99999999999999999999999-']) {
      const beyond = await get(`/media/${cover}`, { range });
      expect(beyond.statusCode, range).toBe(416);
      expect(beyond.json().error.code).toBe('range_not_satisfiable');
    }
    // Several ranges, or one written backwards, get the whole file (as HTTP allows).
    for (const range of ['bytes=0-1,4-5', 'bytes=9-2']) {
      const whole = await get(`/media/${cover}`, { range });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.rawPayload.equals(stored)).toBe(true);
    }
    expect((await get(`/media/${'f'.repeat(32)}.webp`)).statusCode).toBe(404);
    // Too long to be a name: refused before any storage is asked (the router or the schema).
    for (const n of [150, 300]) expect([400, 404]).toContain((await get(`/media/${'x'.repeat(n)}.webp`)).statusCode);
  });
});

describe('an install whose page images are still in the public directory', () => {
  it(testOnS3() ? 'has nothing to move on S3' : 'moves them out on start, once, keeping a cover of the same bytes', async () => {
    if (testOnS3()) {
      expect(await movePageImagesOutOfPublic(t.db, t.app.storage)).toBe(0);
      return;
    }
    const local = t.app.storage as LocalStorage;
    // As the previous version left them: in $MEDIA_DIR, named by the pages table.
    const [old] = (await t.db.query<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 LIMIT 1', [FX.mid.biz])).rows;
    const legacy = (
      await t.db.query<{ image_small: string }>('SELECT image_small FROM pages WHERE issue_id = $1 AND page_no = 1', [old.issue_id])
    ).rows[0].image_small;
    fs.writeFileSync(path.join(local.dir('public'), legacy), 'RIFF....WEBP legacy page');
    fs.rmSync(path.join(local.dir('pages'), '.moved-from-public'), { force: true });
    expect((await get(`/media/${legacy}`)).statusCode).toBe(200);

    expect(await movePageImagesOutOfPublic(t.db, local)).toBe(1);
    expect((await get(`/media/${legacy}`)).statusCode).toBe(404);
    expect(fs.readFileSync(path.join(local.dir('pages'), legacy), 'latin1')).toBe('RIFF....WEBP legacy page');
    expect((await get(`/media/${cover}`)).statusCode).toBe(200);
    // Later starts skip the scan.
    fs.writeFileSync(path.join(local.dir('public'), legacy), 'again');
    expect(await movePageImagesOutOfPublic(t.db, local)).toBe(0);
    fs.rmSync(path.join(local.dir('public'), legacy));
  });
});

describe('storage out of reach', () => {
  it('answers 503 with Retry-After, quickly, and serves again when it is back', async () => {
    const working = t.app.storage;
    // Nothing listens on port 1; a media directory below a file cannot be read.
    fs.writeFileSync(path.join(t.dataDir, 'blocker'), 'not a directory');
    const gone = testOnS3()
      ? openStorage({ mediaDir: t.dataDir, s3: { ...t.app.config.s3!, endpoint: 'http://127.0.0.1:1' } })
      : openStorage({ mediaDir: path.join(t.dataDir, 'blocker', 'media') });
    t.app.storage = gone;
    try {
      const started = Date.now();
      const res = await get(`/media/${cover}`);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().error.code).toBe('storage_unavailable');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      t.app.storage = working;
    }
    expect((await get(`/media/${cover}`)).statusCode).toBe(200);
  });
});

describe('the storage check (for a health endpoint)', () => {
  it('says ok for the configured storage and names what is wrong otherwise', async () => {
    expect(await t.app.storage.check()).toEqual({ ok: true });
    const broken = testOnS3()
      ? openStorage({ mediaDir: t.dataDir, s3: { ...t.app.config.s3!, bucket: 'no-such-bucket-here' } })
      : openStorage({ mediaDir: path.join(t.dataDir, 'a-file', 'media') });
    if (!testOnS3()) fs.writeFileSync(path.join(t.dataDir, 'a-file'), 'not a directory');
    const result = await broken.check();
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(testOnS3() ? /no-such-bucket-here/ : /media directory/);
  });
});
