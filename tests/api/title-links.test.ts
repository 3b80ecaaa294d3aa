// Title URLs with the name slug (spec §2), magazine detail by a base64 id (§7), and
// /article/details with all four of its parameters (§2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { FX, loadCatalogue } from '../fixtures/catalogue';

let t: TestContext;
beforeAll(async () => {
  t = await testApp(loadCatalogue);
});
afterAll(() => t?.close());
const get = async (url: string) => {
  const res = await t.app.inject({ url });
  return { status: res.statusCode, body: res.json() };
};

describe('title links', () => {
  it('carry the name with spaces turned into hyphens, in any script', async () => {
    const list = (await get('/content/magazine-filter?categoryID=2')).body.magazineList;
    const byMid = new Map(list.map((m: { mid: number; browserLinkUrl: string }) => [m.mid, m.browserLinkUrl]));
    expect(byMid.get(FX.mid.biz)).toBe(`/magazine/${FX.mid.biz}-Business-Weekly`);
    expect(byMid.get(FX.mid.hindiMag)).toBe(`/magazine/${FX.mid.hindiMag}-भारत-दर्पण`);
    const tile = (await get('/content/search_list?q=libraries&issueId=1')).body.tile;
    expect(tile.browserLinkUrl).toBe(`/magazine/${FX.mid.biz}-Business-Weekly/1`);
  });
});

describe('GET /content/magazine-details (base64 id)', () => {
  it('answers the same title as magMeta, for standard and URL-safe base64', async () => {
    const meta = (await get(`/content/magMeta?mid=${FX.mid.hindiMag}`)).body;
    const id = btoa(String(FX.mid.hindiMag));
    expect((await get(`/content/magazine-details?id=${encodeURIComponent(id)}`)).body).toEqual(meta);
    expect((await get(`/content/magazine-details?id=${id.replace(/=+$/, '')}`)).body.mid).toBe(FX.mid.hindiMag);
  });

  it('is a 404 for an unknown title and a 400 for what is not a base64 id', async () => {
    const missing = await get(`/content/magazine-details?id=${btoa('999999')}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    for (const id of ['', '!!!', btoa('abc'), btoa('0'), btoa('-1'), btoa('1\u0000'), btoa('12345678901'), 'A'.repeat(40), '%00']) {
      const res = await get(`/content/magazine-details?id=${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
  });
});

describe('GET /content/article-details', () => {
  const q = (p: Record<string, string>) => `/content/article-details?${new URLSearchParams(p)}`;
  it('finds the story by its url, whatever the other three say', async () => {
    const res = await get(q({ category: 'Latest', magazineName: 'x', articleName: 'y', articleUrl: 'campus-libraries-1' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ canonicalUrl: 'campus-libraries-1', title: 'Campus libraries reinvented' });
  });

  it('finds an old link by its name within the title and category it names', async () => {
    const found = await get(
      q({ category: 'Cover-Stories', magazineName: 'Business Weekly', articleName: 'Campus libraries reinvented', articleUrl: 'gone-99' }),
    );
    expect(found.body.canonicalUrl).toBe('campus-libraries-1');
    expect((await get(q({ articleName: 'Morning news' }))).body.canonicalUrl).toBe('morning-news-2');
    // The title or the category not matching: not that story.
    expect((await get(q({ magazineName: 'Tech Today', articleName: 'Campus libraries reinvented' }))).status).toBe(404);
    expect((await get(q({ category: 'Latest', articleName: 'Campus libraries reinvented' }))).status).toBe(404);
  });

  it('needs a url or a name, and keeps the age rating', async () => {
    const none = await get(q({ category: 'Latest', magazineName: 'Business Weekly' }));
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/articleUrl or articleName/);
    expect((await get(q({ articleUrl: 'x\u0000y' }))).status).toBe(400);
    expect((await get(q({ articleUrl: 'adult-story-3' }))).status).toBe(200);
  });
});
