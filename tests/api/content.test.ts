import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { addReads, FX, loadCatalogue } from '../fixtures/catalogue';
import { refreshPopularity } from '../../src/server/jobs/popularity';

let t: TestContext;
beforeAll(async () => {
  t = await testApp(loadCatalogue);
});
afterAll(() => t?.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.body ? res.json() : null, headers: res.headers };
};
const mids = (list: { mid: number }[]) => list.map((m) => m.mid);

describe('magazine-filter', () => {
  it('never returns hidden category 127, even when asked for it', async () => {
    const all = await get('/content/magazine-filter?categoryID=BS');
    expect(all.status).toBe(200);
    expect(mids(all.body.magazineList)).not.toContain(FX.mid.hidden);
    const asked = await get('/content/magazine-filter?categoryID=127');
    expect(asked.body.magazineList).toEqual([]);
  });

  it('shows newspapers (154) and journals (52) only when the institution allows them', async () => {
    const active = await get(`/content/magazine-filter?categoryID=BS&edzLibId=${FX.inst.active}`);
    expect(mids(active.body.magazineList)).toEqual(expect.arrayContaining([FX.mid.journal, FX.mid.paper]));
    const basic = await get(`/content/magazine-filter?categoryID=BS&edzLibId=${FX.inst.noFlags}`);
    expect(mids(basic.body.magazineList)).not.toContain(FX.mid.journal);
    expect(mids(basic.body.magazineList)).not.toContain(FX.mid.paper);
    expect((await get(`/content/magazine-filter?categoryID=154&edzLibId=${FX.inst.noFlags}`)).body.magazineList).toEqual([]);
  });

  it('category 154 lists newspapers in every language', async () => {
    const res = await get('/content/magazine-filter?categoryID=154&lang=en');
    expect(mids(res.body.magazineList).sort()).toEqual([FX.mid.paper, FX.mid.hindiPaper]);
  });

  it('filters by category and language, with the latest regular issue on each card', async () => {
    const res = await get('/content/magazine-filter?categoryID=2&lang=hi');
    expect(mids(res.body.magazineList)).toEqual([FX.mid.hindiMag]);
    const card = res.body.magazineList[0];
    expect(card.issueName).toBe('Issue 3');
    expect(card.imageSrcSet).toMatch(/^\/media\/\S+ 1x, \/media\/\S+ 2x, \/media\/\S+ 3x$/);
    expect(card.browserLinkUrl).toBe(`/magazine/${FX.mid.hindiMag}-भारत-दर्पण`);
  });

  it('applies quick categories, gold, store and age rating (only below 8)', async () => {
    expect(mids((await get('/content/magazine-filter?categoryID=F')).body.magazineList)).toEqual([FX.mid.biz]);
    expect(mids((await get('/content/magazine-filter?categoryID=TF')).body.magazineList)).toEqual([FX.mid.tech]);
    expect(mids((await get('/content/magazine-filter?categoryID=IF')).body.magazineList).sort()).toEqual([FX.mid.tech, FX.mid.adult]);
    // gold=1 (the app sends it) is a subscription reader's catalogue: everything (tests/api/profile.test.ts).
    expect(mids((await get('/content/magazine-filter?categoryID=BS&gold=1')).body.magazineList)).toContain(FX.mid.tech);
    expect(mids((await get('/content/magazine-filter?categoryID=BS&storeID=2')).body.magazineList)).toEqual([FX.mid.tech]);
    expect(mids((await get('/content/magazine-filter?categoryID=BS&age_rate=5')).body.magazineList)).not.toContain(FX.mid.adult);
    expect(mids((await get('/content/magazine-filter?categoryID=BS&age_rate=9')).body.magazineList)).toContain(FX.mid.adult);
  });

  it('pages from zero with 20 per page', async () => {
    const first = await get('/content/magazine-filter?categoryID=BS&page=0');
    expect(first.body).toMatchObject({ page: 0, nbPages: 1, nbHits: 8 });
    const second = await get('/content/magazine-filter?categoryID=BS&page=1');
    expect(second.body).toMatchObject({ page: 1, nbHits: 8, magazineList: [] });
  });

  it('New Arrivals are ordered by newest issue', async () => {
    const list = mids((await get('/content/magazine-filter?categoryID=NA')).body.magazineList);
    expect(list[0]).toBe(FX.mid.biz); // its newest issue is 1 day before the reference date
  });
});

describe('reference data and details', () => {
  it('getCategories leaves out 127 and follows the flags', async () => {
    const all = (await get('/content/getCategories')).body.popularCat.map((c: { catId: number }) => c.catId);
    expect(all).not.toContain(127);
    expect(all).toEqual(expect.arrayContaining([2, 3, 52, 154]));
    const basic = (await get(`/content/getCategories?edzLibId=${FX.inst.noFlags}`)).body.popularCat.map((c: { catId: number }) => c.catId);
    expect(basic.sort()).toEqual([2, 3]);
  });

  it('getLanguages and getStores list reference data', async () => {
    expect((await get('/content/getLanguages')).body.languages.map((l: { lang_code: string }) => l.lang_code)).toEqual(['en', 'hi', 'fr']);
    expect((await get('/content/getStores')).body.stores).toHaveLength(2);
  });

  it('magMeta and magazine-meta describe a title; unknown ones are 404', async () => {
    const meta = (await get(`/content/magMeta?mid=${FX.mid.biz}`)).body;
    expect(meta).toMatchObject({
      name: 'Business Weekly',
      publisher: 'Meridian',
      categoryName: 'Business',
      languageName: 'English',
      frequency: 'Weekly',
    });
    expect(meta.latestIssue.issueName).toBe('Issue 3');
    expect((await get('/content/magazine-meta?magName=tech-today')).body.mid).toBe(FX.mid.tech);
    expect((await get(`/content/magazine-meta?magName=${encodeURIComponent('भारत दर्पण')}`)).body.mid).toBe(FX.mid.hindiMag);
    const missing = await get('/content/magMeta?mid=9999');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'not_found' });
  });

  it('getIssuesByMag lists newest first, specials alone, and before lst_dt', async () => {
    const all = (await get(`/content/getIssuesByMag?mid=${FX.mid.biz}`)).body.edt_details;
    expect(all.map((i: { issueName: string }) => i.issueName)).toEqual(['Issue 3', 'Issue 2', 'Issue 1']);
    const special = (await get(`/content/getIssuesByMag?mid=${FX.mid.biz}&isSpecialIssue=1`)).body.edt_details;
    expect(special.map((i: { isSpecial: boolean }) => i.isSpecial)).toEqual([true]);
    const older = (await get(`/content/getIssuesByMag?mid=${FX.mid.biz}&lst_dt=${all[0].pubDate}`)).body.edt_details;
    expect(older).toHaveLength(2);
  });

  it('getIssueDetails returns the issue with its title card', async () => {
    const res = await get('/content/getIssueDetails?issid=2');
    expect(res.body.issue).toMatchObject({ issueId: 2, magId: FX.mid.biz, issueName: 'Issue 2', pages: 2 });
    expect(res.body.magazine.name).toBe('Business Weekly');
    expect((await get('/content/getIssueDetails?issid=424242')).status).toBe(404);
  });

  it('magazine-related pages by 5 and never includes the title itself', async () => {
    const res = await get(`/content/magazine-related?mid=${FX.mid.tech}`);
    expect(res.body.magazineList.length).toBeLessThanOrEqual(5);
    expect(mids(res.body.magazineList)).not.toContain(FX.mid.tech);
    expect(mids(res.body.magazineList)).toContain(FX.mid.blocked);
    // Same category (Technology) first, then other magazines; never a journal or newspaper.
    expect(res.body.magazineList[0].mid).toBe(FX.mid.blocked);
    expect(mids(res.body.magazineList)).toEqual(expect.arrayContaining([FX.mid.biz]));
    expect(mids(res.body.magazineList)).not.toContain(FX.mid.journal);
    expect(mids(res.body.magazineList)).not.toContain(FX.mid.paper);
  });

  it('v1/article lists the stories of an issue and honours the age rating', async () => {
    const res = await get('/content/v1/article?issueid=1');
    expect(res.body.Articles.map((a: { title: string }) => a.title)).toEqual(['Campus libraries reinvented']);
    expect((await get('/content/v1/article?issueid=22&age_rating=5')).body.Articles).toEqual([]);
    expect((await get('/content/v1/article?issueid=22')).body.Articles).toHaveLength(1);
  });

  it('getOrgDetails gives branding by code', async () => {
    const res = await get('/content/getOrgDetails?con_code=act');
    expect(res.body.org).toMatchObject({ name: 'Active U', isNewspaper: true, isJournal: true });
    expect((await get('/content/getOrgDetails?con_code=NOPE')).status).toBe(404);
  });
});

describe('issues-search', () => {
  it('filters by date range with zero-based pages', async () => {
    const meta = (await get(`/content/getIssuesByMag?mid=${FX.mid.biz}`)).body.edt_details;
    const res = await get(`/content/issues-search?mid=${FX.mid.biz}&page=0&st_d=${meta[1].pubDate}&en_d=${meta[0].pubDate}`);
    expect(res.body).toMatchObject({ nbHits: 2, nbPages: 1, page: 0 });
    const none = await get(`/content/issues-search?mid=${FX.mid.biz}&page=0&st_d=2001-01-01&en_d=2001-02-01`);
    expect(none.body).toMatchObject({ edt_details: [], nbHits: 0, nbPages: 0 });
  });

  it('answers an impossible range with an error field', async () => {
    const res = await get(`/content/issues-search?mid=${FX.mid.biz}&page=0&st_d=2026-02-01&en_d=2026-01-01`);
    expect(res.status).toBe(200);
    expect(res.body.error).toMatch(/start date/);
  });
});

describe('search', () => {
  it('finds titles by word, by prefix while typing, and in Devanagari', async () => {
    const full = await get('/content/magazine-search?query=business');
    expect(mids(full.body.items)[0]).toBe(FX.mid.biz);
    expect(mids((await get('/content/magazine-search?query=busin')).body.items)).toContain(FX.mid.biz);
    expect(mids((await get(`/content/magazine-search?query=${encodeURIComponent('दर्पण')}`)).body.items)).toEqual([FX.mid.hindiMag]);
    expect((await get('/content/magazine-search?query=zzzzqqq')).body).toMatchObject({ items: [], nbHits: 0 });
  });

  it('finds pages by text, with <mark> snippets and fin, in English and Hindi', async () => {
    const en = (await get('/content/mag-search?q=monsoon')).body;
    expect(en.items).toHaveLength(3); // three issues of Business Weekly
    expect(en.items[0]).toMatchObject({ magId: FX.mid.biz, fin: 2 });
    expect(en.items[0].pages[0]._highLight).toContain('<mark>Monsoon</mark>');
    const hi = (await get(`/content/mag-search?q=${encodeURIComponent('राजनीति')}`)).body;
    expect(hi.items[0].magId).toBe(FX.mid.hindiMag);
    expect(hi.items[0].pages[0]._highLight).toContain('<mark>राजनीति</mark>');
  });

  it('search_list gives the Discover hits of one issue', async () => {
    const res = (await get('/content/search_list?q=libraries&issueId=1')).body.tile;
    expect(res).toMatchObject({ issueId: 1, magName: 'Business Weekly', fin: 2 });
    expect(res.pages.map((p: { page: number }) => p.page)).toEqual([1, 2]);
    expect((await get('/content/search_list?q=libraries&issueId=999999')).status).toBe(404);
  });

  it('escapes page text in snippets', async () => {
    await t.db.query(`UPDATE pages SET text = 'alpha <script>x</script> bravo' WHERE issue_id = 4 AND page_no = 1`);
    const res = (await get('/content/search_list?q=bravo&issueId=4')).body.tile;
    expect(res.pages[0]._highLight).toContain('&lt;script&gt;');
    expect(res.pages[0]._highLight).not.toContain('<script>');
  });
});

describe('home', () => {
  it('fills every section from data, and popularity follows reads', async () => {
    const before = (await get(`/content/home?edzLibId=${FX.inst.active}`)).body;
    for (const key of [
      'mostPopular',
      'featured',
      'international',
      'topFree',
      'newArrivals',
      'popularCategories',
      'popularLanguages',
      'popularMagazines',
      'popularJournals',
      'coverStories',
    ]) {
      expect(before[key].length, key).toBeGreaterThan(0);
    }
    expect(mids(before.popularJournals)).toEqual([FX.mid.journal]);
    expect(mids(before.mostPopular)[0]).toBe(FX.mid.biz); // curated order when nobody has read anything

    await addReads(t.db, FX.mid.tech, 30);
    await refreshPopularity(t.db);
    // A different key than the cached answer above.
    const after = (await get(`/content/home?edzLibId=${FX.inst.active}&age_rate=9`)).body;
    expect(mids(after.mostPopular)[0]).toBe(FX.mid.tech);
    expect(after.popularCategories[0].catId).toBe(FX.cats.tech);
  });

  it('leaves journals out for an institution without them', async () => {
    const body = (await get(`/content/home?edzLibId=${FX.inst.noFlags}`)).body;
    expect(body.popularJournals).toEqual([]);
    expect(mids(body.mostPopular)).not.toContain(FX.mid.paper);
  });
});

describe('HTTP behaviour', () => {
  it('sends ETag and Cache-Control, and 304 on If-None-Match', async () => {
    const first = await get('/content/getLanguages');
    expect(first.headers['cache-control']).toContain('max-age=60');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: '/content/getLanguages', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('serves a repeated catalogue request from the response cache', async () => {
    const url = '/content/magazine-filter?categoryID=TF&page=7'; // a question no earlier test asked (the key is the parsed query)
    const first = await get(url);
    const second = await get(url);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toEqual(first.body);
    expect(second.headers['cache-control']).toContain('max-age=60');
  });

  it('answers bad parameters with 400 and the error shape', async () => {
    for (const url of [
      '/content/magazine-filter?page=-1',
      '/content/magazine-filter?categoryID=XX',
      '/content/magazine-filter?lang=english!',
      '/content/magMeta?mid=abc',
      '/content/magMeta',
      '/content/issues-search?mid=1&st_d=yesterday&en_d=2026-01-01',
      '/content/magazine-search?query=',
      '/content/search_list?q=x&issueId=0',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.code, url).toBe('bad_request');
      expect(res.body.error.message.length, url).toBeGreaterThan(3);
    }
  });

  it('takes whole numbers only as digits: 1e1, " 1", 0x1F and 1.0 are a 400 with one message', async () => {
    for (const v of ['1e1', '%201', '1%20', '0x1F', '1.0', '%2B1', 'NaN', '']) {
      for (const url of [`/content/magMeta?mid=${v}`, `/content/magazine-filter?page=${v}`, `/api/console/institutions/${v}/overview`]) {
        const res = await get(url);
        expect([url, res.status]).toEqual([url, 400]);
        expect(res.body.error.message, url).toMatch(/^(page: |mid: |institutionId: )?expected (a whole number|an institution id)$/);
      }
    }
    expect((await get('/content/magMeta?mid=007')).status).not.toBe(400);
  });

  it('never answers 500 to hostile input', async () => {
    const hostile = ["' OR 1=1 --", '%00', '\\', 'ö'.repeat(150), '<script>', '🙂', 'a:*|!&', '((((', '99999999999999999999'];
    for (const h of hostile) {
      const v = encodeURIComponent(h);
      for (const url of [
        `/content/magazine-search?query=${v}`,
        `/content/mag-search?q=${v}`,
        `/content/magazine-meta?magName=${v}`,
        `/content/magMeta?mid=${v}`,
        `/content/magazine-filter?categoryID=${v}`,
        `/content/getOrgDetails?con_code=${v}`,
        `/content/search_list?issueId=1&q=${v}`,
        `/content/magazine-filter?edzLibId=${v}`,
      ]) {
        const res = await get(url);
        expect(res.status, url).toBeLessThan(500);
      }
    }
    expect((await get('/content/magMeta?mid=99999999999')).status).toBeLessThan(500);
  });

  it('unknown content and API paths are JSON 404s, not the app shell', async () => {
    const res = await get('/content/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect((await get('/api/nope')).status).toBe(404);
  });
});
