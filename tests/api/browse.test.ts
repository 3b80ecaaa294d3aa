// Browsing details: Discover More on story results (spec §2 "each result has a
// 'Discover More' action"), and the issue tile's floating icon (spec §3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { FX, loadCatalogue } from '../fixtures/catalogue';

let t: TestContext;
beforeAll(async () => {
  t = await testApp(async (db) => {
    await loadCatalogue(db);
    // A story whose text quotes the word twice, and one printed in no issue.
    await db.exec(`
      UPDATE stories SET body = 'Students crowd the reading rooms. Old <b>stacks</b> & new libraries share one roof.

Later, the libraries open late.' WHERE canonical_url = 'campus-libraries-1';
      INSERT INTO stories (canonical_url, title, short_desc, body, read_time_s, is_news, category, mid, issue_id, lang_code)
      VALUES ('web-only-4', 'Libraries online', 'Web only', 'Digital libraries for every campus', 60, false, 'Latest', null, null, 'en');
    `);
  });
});
afterAll(() => t?.close());
const get = async (url: string) => {
  const res = await t.app.inject({ url });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /content/story-discover', () => {
  it("answers the story's matching passages, escaped, and its issue's matching pages", async () => {
    const res = await get('/content/story-discover?q=libraries&url=campus-libraries-1');
    expect(res.status).toBe(200);
    expect(res.body.passages.length).toBeGreaterThan(0);
    const text = res.body.passages.join(' ');
    expect(text).toContain('<mark>libraries</mark>');
    expect(text).not.toContain('<b>');
    expect(res.body.tile).toMatchObject({ issueId: 1, magId: FX.mid.biz, magName: 'Business Weekly', fin: 2 });
    expect(res.body.tile.pages.map((p: { page: number }) => p.page)).toEqual([1, 2]);
    // The answer is the same tile search_list gives for that issue.
    expect(res.body.tile).toEqual((await get('/content/search_list?q=libraries&issueId=1')).body.tile);
  });

  it('a story with no issue has passages and no tile; a term only in the title quotes no passage', async () => {
    const web = await get('/content/story-discover?q=digital&url=web-only-4');
    expect(web.body).toEqual({ passages: ['<mark>Digital</mark> libraries for every campus'], tile: null });
    const titleOnly = await get('/content/story-discover?q=reinvented&url=campus-libraries-1');
    expect(titleOnly.status).toBe(200);
    expect(titleOnly.body.passages).toEqual([]);
    expect(titleOnly.body.tile.fin).toBe(0);
  });

  it('refuses bad input with a 400 and an unknown story with a 404', async () => {
    for (const qs of [
      'url=campus-libraries-1',
      'q=libraries',
      'q=&url=x',
      `q=${'a'.repeat(201)}&url=x`,
      'q=a%00b&url=campus-libraries-1',
    ]) {
      const res = await get(`/content/story-discover?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
    const missing = await get('/content/story-discover?q=libraries&url=no-such-story');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    // Only signs: no words to search, nothing marked, still an answer.
    const signs = await get('/content/story-discover?q=%2A%26%7C&url=campus-libraries-1');
    expect(signs.status).toBe(200);
    expect(signs.body.passages).toEqual([]);
  });
});

describe('the floating icon (spec §3)', () => {
  const none = { showFloatingIcon: false, floatingImgSrc: null, floatingImgAltText: null };
  const special = { showFloatingIcon: true, floatingImgSrc: '/icons/special-issue.svg', floatingImgAltText: 'Special issue' };
  const specials = async () => (await get(`/content/getIssuesByMag?mid=${FX.mid.biz}&isSpecialIssue=1`)).body.edt_details;

  it('marks special issues, and only them, wherever issues are served', async () => {
    const issues = (await get(`/content/getIssuesByMag?mid=${FX.mid.biz}`)).body.edt_details;
    expect(issues.length).toBeGreaterThan(0);
    for (const i of issues) expect(i).toMatchObject(i.isSpecial ? special : none);
    expect(await specials()).not.toHaveLength(0);
    for (const i of await specials()) expect(i).toMatchObject(special);
    const range = (await get(`/content/issues-search?mid=${FX.mid.biz}&st_d=2000-01-01&en_d=2030-12-31`)).body.edt_details;
    expect(range).toHaveLength(3);
    expect(range.filter((i: { showFloatingIcon: boolean }) => i.showFloatingIcon)).toHaveLength(1);
    expect((await get(`/content/magMeta?mid=${FX.mid.tech}`)).body.latestIssue).toMatchObject(none);
  });

  it('is on Discover tiles too, from the issue', async () => {
    const id = (await specials())[0].issueId;
    expect((await get(`/content/search_list?q=libraries&issueId=${id}`)).body.tile).toMatchObject(special);
    expect((await get('/content/search_list?q=libraries&issueId=1')).body.tile).toMatchObject(none);
    const items = (await get('/content/mag-search?q=libraries')).body.items;
    expect(items.length).toBe(3);
    expect(items.map((x: { showFloatingIcon: boolean }) => x.showFloatingIcon)).toEqual(
      items.map((x: { issueId: number }) => x.issueId === id),
    );
  });
});
