// The response cache keeps each answer's gzip and brotli bodies and its ETag: a hit is sent as
// stored (never compressed again), a revalidation gets 304, and a client that accepts no
// encoding still gets plain JSON.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { loadCatalogue } from '../fixtures/catalogue';

let t: TestContext;
beforeAll(async () => {
  t = await testApp(loadCatalogue, { config: { contentCacheMs: 60_000 } });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('cached answers with their compressed bodies', () => {
  it('sends a hit as brotli, gzip or plain JSON as the client accepts, all the same answer', async () => {
    const first = await get('/content/home', { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.headers['content-encoding']).toBe('br'); // the first caller gets the stored body too
    const answer = JSON.parse(zlib.brotliDecompressSync(first.rawPayload).toString());
    expect(answer.mostPopular.length).toBeGreaterThan(0);

    const br = await get('/content/home', { 'accept-encoding': 'br' });
    expect(br.headers['x-cache']).toBe('hit');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers.vary)).toMatch(/Authorization/);
    expect(br.headers.etag).toBe(first.headers.etag);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(answer); // decoded once: not compressed twice

    const gz = await get('/content/home', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(answer);

    const identities: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }];
    for (const identity of identities) {
      const plain = await get('/content/home', identity);
      expect(plain.headers['x-cache']).toBe('hit');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      expect(plain.json()).toEqual(answer);
    }
  });

  it('answers a revalidation with 304 and no body, and a stale ETag with the answer', async () => {
    const first = await get('/content/magazine-filter?categoryID=BS', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    for (const ifNoneMatch of [etag, etag.replace(/^W\//, ''), `"other", ${etag}`]) {
      const again = await get('/content/magazine-filter?categoryID=BS', { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
      expect(again.headers['x-cache']).toBe('hit');
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.headers.etag).toBe(etag);
    }
    const changed = await get('/content/magazine-filter?categoryID=BS', { 'if-none-match': 'W/"not-this-one"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().magazineList.length).toBeGreaterThan(0);
  });

  it('keeps small answers uncompressed, as compress would', async () => {
    await get('/content/getLanguages');
    const small = await get('/content/getLanguages', { 'accept-encoding': 'br' });
    expect(small.headers['x-cache']).toBe('hit');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Array.isArray(small.json()) || typeof small.json() === 'object').toBe(true);
  });
});

describe('answers shared by institutions', () => {
  it('gives institutions that show the same one answer, one that shows less its own, and an unknown one a 404', async () => {
    const { rows } = await t.db.query<{ id: number; con_code: string }>('SELECT id, con_code FROM institutions');
    const id = Object.fromEntries(rows.map((r) => [r.con_code, r.id]));
    // (new arrivals: a question no test above asked)
    const listing = (edzLibId: number) => get(`/content/magazine-filter?categoryID=NA&edzLibId=${edzLibId}`);
    const names = (res: { json: () => { magazineList: { name: string }[] } }) => res.json().magazineList.map((m) => m.name);

    const active = await listing(id.ACT);
    expect(active.statusCode).toBe(200);
    expect(active.headers['x-cache']).toBeUndefined();
    expect(names(active)).toContain('The Morning Ledger');
    // Another institution that shows newspapers and journals, and a visitor of none, who sees both.
    for (const other of [id.EXP, 0]) {
      const same = await listing(other);
      expect(same.headers['x-cache']).toBe('hit');
      expect(same.body).toBe(active.body);
    }
    // Basic School shows neither: an answer of its own, and never the others'.
    const basic = await listing(id.BAS);
    expect(basic.headers['x-cache']).toBeUndefined();
    expect(names(basic)).not.toContain('The Morning Ledger');
    expect(names(basic)).not.toContain('Journal of Modern History');
    expect((await listing(id.BAS)).headers['x-cache']).toBe('hit');
    // An institution that does not exist is still a 404, every time, and keeps nothing.
    for (let i = 0; i < 2; i++) {
      const unknown = await listing(999_999);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toMatch(/Institution 999999 not found/);
    }
  });
});
