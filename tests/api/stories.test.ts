// Stories (section sec_60): category pages with their counts, age rating, one story by its
// canonical url with more from the same title.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { loadCatalogue } from '../fixtures/catalogue';
import { slugify } from '../../src/server/demo/random';
import { movedStoryPath } from '../../src/server/services/story-paths';

const HINDI_URL = `${slugify('स्वच्छ ऊर्जा की दौड़')}-4`;
const OLD_HINDI_URL = 'स-वच-छ-ऊर-ज-क-द-ड-4'; // as slugs were made before they kept vowel signs

let t: TestContext;
beforeAll(async () => {
  t = await testApp(async (db) => {
    await loadCatalogue(db);
    await db.exec(`INSERT INTO stories (canonical_url, title, body, category, mid, issue_id, published_at)
      SELECT 'more-' || g, 'More ' || g, 'First paragraph.' || E'\\n\\n' || 'Second paragraph.', 'Business', 1, 1, now() - g * interval '1 hour'
      FROM generate_series(1, 23) g;`);
    await db.query(
      `INSERT INTO stories (canonical_url, title, body, section, category, mid, issue_id, published_at, lang_code) VALUES ($1, $2, 'पाठ।', 'sec_99', 'Hindi', 1, 1, now(), 'hi')`,
      [HINDI_URL, 'स्वच्छ ऊर्जा की दौड़'],
    );
  });
});
afterAll(() => t?.close());
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /content/stories', () => {
  it('lists a category newest first with every category counted, Cover Stories first', async () => {
    const res = await get('/content/stories?category=Cover-Stories');
    expect(res.status).toBe(200);
    expect(res.body.items.map((s: { title: string }) => s.title)).toEqual(['Campus libraries reinvented', 'Adult story']);
    expect(res.body.categories).toEqual([
      { slug: 'Cover-Stories', count: 2 },
      { slug: 'Latest', count: 1 },
      { slug: 'Business', count: 23 },
    ]);
    expect(res.body.items[0]).toMatchObject({
      readTime: 420,
      isNews: false,
      browserLinkUrl: '/stories/campus-libraries-1',
      magName: 'Business Weekly',
      lang: 'en',
    });
  });

  it('gives each story its language, which its tile says (a screen reader, the Devanagari font)', async () => {
    const res = await get('/content/story?url=more-1');
    expect(res.status).toBe(200);
    const langs = new Map(res.body.moreFromTitle.map((s: { title: string; lang: string }) => [s.title, s.lang]));
    expect(langs.get('स्वच्छ ऊर्जा की दौड़')).toBe('hi');
    expect(langs.get('More 2')).toBe('en');
  });

  it('pages by 20 from zero and honours an age rating below 8', async () => {
    const p0 = await get('/content/stories?category=Business&page=0');
    expect(p0.body).toMatchObject({ nbHits: 23, nbPages: 2, page: 0 });
    expect(p0.body.items).toHaveLength(20);
    expect((await get('/content/stories?category=Business&page=1')).body.items).toHaveLength(3);
    expect((await get('/content/stories?category=Cover-Stories&age_rating=5')).body.items.map((s: { title: string }) => s.title)).toEqual([
      'Campus libraries reinvented',
    ]);
    expect((await get('/content/stories?category=Nothing-Here')).body.items).toEqual([]);
  });

  it('refuses bad parameters with a 400', async () => {
    for (const url of ['/content/stories?category=../../etc', '/content/stories?section=x', '/content/stories?page=-1']) {
      expect((await get(url)).status, url).toBe(400);
    }
  });
});

describe('GET /content/story', () => {
  it('returns the story with its paragraphs and more from the same title', async () => {
    const res = await get('/content/story?url=more-1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'More 1',
      canonicalUrl: 'more-1',
      lang: 'en',
      paragraphs: ['First paragraph.', 'Second paragraph.'],
      mid: 1,
    });
    expect(res.body.moreFromTitle).toHaveLength(6);
    expect(res.body.moreFromTitle.map((s: { title: string }) => s.title)).not.toContain('More 1');
  });

  it('answers 404 for an unknown story and 400 without a url', async () => {
    expect((await get('/content/story?url=nope')).status).toBe(404);
    expect((await get('/content/story')).status).toBe(400);
  });
});

describe('Hindi story URLs keep their vowel signs', () => {
  it('makes the URL with them, and an old URL without them is sent on to it (308), never a 5xx', async () => {
    expect(HINDI_URL).toBe('स्वच्छ-ऊर्जा-की-दौड़-4');
    expect((await get(`/content/story?url=${encodeURIComponent(HINDI_URL)}`)).body.title).toBe('स्वच्छ ऊर्जा की दौड़');
    const res = await t.app.inject({ method: 'GET', url: `/content/story?url=${encodeURIComponent(OLD_HINDI_URL)}&age_rating=9` });
    expect(res.statusCode).toBe(308);
    expect(new URL(res.headers.location as string, 'http://x').searchParams.get('url')).toBe(HINDI_URL);
    expect(new URL(res.headers.location as string, 'http://x').searchParams.get('age_rating')).toBe('9');
    // the app's page: /stories/… and /hi/stories/…
    expect(await movedStoryPath(t.db, `/stories/${encodeURIComponent(OLD_HINDI_URL)}`)).toBe(`/stories/${encodeURIComponent(HINDI_URL)}`);
    expect(await movedStoryPath(t.db, `/hi/stories/${encodeURIComponent(OLD_HINDI_URL)}`)).toBe(
      `/hi/stories/${encodeURIComponent(HINDI_URL)}`,
    );
    expect(await movedStoryPath(t.db, `/stories/${encodeURIComponent(HINDI_URL)}`)).toBeNull();
    expect(await movedStoryPath(t.db, '/stories/%E0%A4')).toBeNull(); // a broken escape
    expect(await movedStoryPath(t.db, '/stories/campus-libraries-1')).toBeNull();
    expect((await get(`/content/story?url=${encodeURIComponent('क-ख-ग')}`)).status).toBe(404);
  });
});

describe('GET /content/article-search', () => {
  it('finds stories by words of their title or text, prefix matching, with the spec paging fields', async () => {
    const res = await get('/content/article-search?query=campus%20librar');
    expect(res.status).toBe(200);
    expect(res.body.Articles.map((s: { title: string }) => s.title)).toEqual(['Campus libraries reinvented']);
    expect(res.body).toMatchObject({ page: 0, nbPages: 1, nbHits: 1 });
    const many = await get('/content/article-search?query=paragraph');
    expect(many.body).toMatchObject({ nbHits: 23, nbPages: 2 });
    expect((await get('/content/article-search?query=adult')).body.nbHits).toBe(1);
    expect((await get('/content/article-search?query=adult&age_rating=5')).body.nbHits).toBe(0);
    expect((await get('/content/article-search?query=')).status).toBe(400);
  });
});

describe('spec §3 Article fields beside the camelCase ones', () => {
  it('an issue’s articles, article search and the article page name them as the spec does', async () => {
    const spec = {
      title: 'Campus libraries reinvented',
      magname: 'Business Weekly',
      time_read: 420,
      canon_url: 'campus-libraries-1',
      short_desc: 'How libraries change',
      issuename: expect.any(String),
      shoppable: false,
      base_img: expect.stringMatching(/c\.jpg$/),
    };
    const ofIssue = await get('/content/v1/article?issueid=1');
    expect(ofIssue.status).toBe(200);
    const campus = ofIssue.body.Articles.find((a: { canon_url?: string }) => a.canon_url === 'campus-libraries-1');
    expect(campus).toMatchObject({ ...spec, readTime: 420, shortDesc: 'How libraries change', magName: 'Business Weekly' });
    expect(campus.issuename).toBe(campus.issueName);
    expect((await get('/content/article-search?query=campus')).body.Articles[0]).toMatchObject(spec);
    expect((await get('/content/story?url=campus-libraries-1')).body).toMatchObject({ ...spec, canonicalUrl: 'campus-libraries-1' });
    // A story with no cover: base_img null, not a broken path.
    expect((await get('/content/article-search?query=adult')).body.Articles[0]).toMatchObject({ base_img: null, shoppable: false });
  });
});
