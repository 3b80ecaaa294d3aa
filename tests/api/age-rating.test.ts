// Spec §5 age rating, decided on the server for a signed-in reader: their institution's rating
// (8 or more: no limit) applies to home, listings, search, Discover and stories whatever age
// parameter the URL (the app's ageRating cookie) carries; visitors get what the app sends.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDb, testApp, type TestContext } from '../support/app';
import type { Db, Queryable } from '../../src/server/db/index';
import { apiClient, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { refreshPopularity } from '../../src/server/jobs/popularity';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
let university: string; // Active U, rated 9 (no limit)
let school: string; // Basic S, rated 5
let adultIssue: number;
/** Every statement the app sends, in order (the database below counts them). */
const statements: string[] = [];

/** The test database, with each statement the app sends written down. */
async function countedDb(): Promise<Db> {
  const db = await migratedDb();
  const counted = (q: Queryable): Queryable => ({
    ...q,
    query: (sql, params) => {
      statements.push(sql);
      return q.query(sql, params);
    },
  });
  return { ...db, ...counted(db), read: counted(db.read) };
}

/** A session for a new reader of the institution with this code (null: none), as sign-in opens it. */
async function signIn(email: string, conCode: string | null) {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO users (uuid, email, email_verified, institution_id) VALUES ($1, $2, true, (SELECT id FROM institutions WHERE con_code = $3)) RETURNING id`,
    [crypto.randomUUID(), email, conCode],
  );
  const jwtoken = await t.app.issueToken(rows[0].id, { headers: {} } as FastifyRequest);
  const details = await api.call(endpoints.userDetails, {}, jwtoken);
  expect(details.status).toBe(200);
  return { jwtoken, ageRating: details.body.ageRating };
}

beforeAll(async () => {
  t = await testApp(loadCatalogue, { open: countedDb });
  await t.db.query(`UPDATE institutions SET age_rating = 5 WHERE con_code = 'BAS'`);
  await refreshPopularity(t.db);
  api = apiClient(t.app, await xsrfToken(t.app));
  const uni = await signIn('grown@active.edu', 'ACT');
  const pupil = await signIn('pupil@basic.edu', 'BAS');
  expect([uni.ageRating, pupil.ageRating]).toEqual([9, 5]);
  university = uni.jwtoken;
  school = pupil.jwtoken;
  adultIssue = (await t.db.query<{ issue_id: number }>('SELECT min(issue_id) AS issue_id FROM issues WHERE mid = $1', [FX.mid.adult]))
    .rows[0].issue_id;
});
afterAll(() => t?.close());

const get = async (url: string, token?: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
  return { status: res.statusCode, body: res.body ? res.json() : null, headers: res.headers };
};
const mids = (list: { mid: number }[]) => list.map((m) => m.mid);
const titles = (list: { title: string }[]) => list.map((s) => s.title);

/** Everything a reader sees that carries an age rating, as the app (or a forger) asks for it. */
async function whatIsShown(token: string | undefined, age: string) {
  const home = (await get(`/content/home?edzLibId=${FX.inst.active}${age && `&age_rate=${age}`}`, token)).body;
  const listing = (await get(`/content/magazine-filter?categoryID=BS${age && `&age_rate=${age}`}`, token)).body;
  const titleSearch = (await get(`/content/magazine-search?query=grown${age && `&age_rating=${age}`}`, token)).body;
  const pageSearch = (await get(`/content/mag-search?q=gardening${age && `&age_rating=${age}`}`, token)).body;
  const storySearch = (await get(`/content/article-search?query=adult${age && `&age_rating=${age}`}`, token)).body;
  const stories = (await get(`/content/stories?category=Cover-Stories${age && `&age_rating=${age}`}`, token)).body;
  const articles = (await get(`/content/v1/article?issueid=22${age && `&age_rating=${age}`}`, token)).body;
  return {
    home: [home.mostPopular, home.international, home.newArrivals, home.popularMagazines].every((l) => mids(l).includes(FX.mid.adult)),
    homeStories: titles(home.coverStories).includes('Adult story'),
    listing: mids(listing.magazineList).includes(FX.mid.adult),
    titleSearch: mids(titleSearch.items).includes(FX.mid.adult),
    pageSearch: pageSearch.items.some((i: { magId?: number; magName: string }) => i.magName === 'Grown-up Style'),
    storySearch: titles(storySearch.Articles).includes('Adult story'),
    stories: titles(stories.items).includes('Adult story'),
    articles: titles(articles.Articles).includes('Adult story'),
  };
}
const all = (v: boolean) => ({
  home: v,
  homeStories: v,
  listing: v,
  titleSearch: v,
  pageSearch: v,
  storySearch: v,
  stories: v,
  articles: v,
});

describe('signed-in readers: the institution decides', () => {
  it('a reader of an institution rated 9 sees 18+ titles and stories everywhere, even asking with age 5', async () => {
    expect(await whatIsShown(university, '')).toEqual(all(true));
    expect(await whatIsShown(university, '5')).toEqual(all(true));
  });

  it('a reader of an institution rated 5 sees them nowhere, whatever rating the URL carries', async () => {
    expect(await whatIsShown(school, '5')).toEqual(all(false));
    expect(await whatIsShown(school, '')).toEqual(all(false));
    expect(await whatIsShown(school, '9')).toEqual(all(false));
    expect(await whatIsShown(school, '0')).toEqual(all(false));
  });

  it('Discover, related titles and a single story follow the school rating too', async () => {
    expect((await get(`/content/search_list?q=gardening&issueId=${adultIssue}`, school)).status).toBe(404);
    expect((await get(`/content/search_list?q=gardening&issueId=${adultIssue}`, university)).status).toBe(200);
    expect((await get('/content/story?url=adult-story-3', school)).status).toBe(404);
    expect((await get('/content/story?url=adult-story-3', university)).status).toBe(200);
    expect(mids((await get(`/content/magazine-related?mid=${FX.mid.tech}`, school)).body.magazineList)).not.toContain(FX.mid.adult);
    expect(mids((await get(`/content/magazine-related?mid=${FX.mid.tech}`, university)).body.magazineList)).toContain(FX.mid.adult);
  });

  it('signed-in answers are private and never shared through the response cache', async () => {
    const url = `/content/magazine-filter?categoryID=3`;
    const visitor = await get(url);
    expect(visitor.headers['cache-control']).toMatch(/^public/);
    expect(mids(visitor.body.magazineList)).toContain(FX.mid.adult);
    const pupil = await get(url, school);
    expect(pupil.headers['cache-control']).toMatch(/^private/);
    expect(pupil.headers.vary).toMatch(/Authorization/i);
    expect(pupil.headers['x-cache']).toBeUndefined();
    expect(mids(pupil.body.magazineList)).not.toContain(FX.mid.adult);
    // The reverse: a personal answer is not served to the next visitor.
    const url2 = `/content/magazine-filter?categoryID=3&page=0`;
    expect(mids((await get(url2, school)).body.magazineList)).not.toContain(FX.mid.adult);
    expect(mids((await get(url2)).body.magazineList)).toContain(FX.mid.adult);
  });

  it('the server reuses a signed-in answer only for readers under the same age limit', async () => {
    const url = `/content/magazine-filter?categoryID=3&age_rate=7`; // a rating a signed-in reader's answer ignores
    expect((await get(url, school)).headers['x-cache']).toBeUndefined();
    const classmate = (await signIn('classmate@basic.edu', 'BAS')).jwtoken;
    const again = await get(url, classmate);
    expect(again.headers['x-cache']).toBe('hit');
    expect(mids(again.body.magazineList)).not.toContain(FX.mid.adult);
    const other = await get(url, university);
    expect(other.headers['x-cache']).toBeUndefined();
    expect(mids(other.body.magazineList)).toContain(FX.mid.adult);
  });

  it('a signed-in GET reads its session and its institution’s limit in one statement, and sees a changed rating at once', async () => {
    const url = `/content/magazine-filter?categoryID=BS&age_rate=6`;
    expect(mids((await get(url, school)).body.magazineList)).not.toContain(FX.mid.adult);
    statements.length = 0;
    const hit = await get(url, school);
    expect(hit.headers['x-cache']).toBe('hit');
    // The response cache answered: the one statement is the session's, with the age limit.
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/user_sessions[\s\S]*institutions/);
    await t.db.query(`UPDATE institutions SET age_rating = 9 WHERE con_code = 'BAS'`);
    try {
      const after = await get(url, school);
      expect(after.headers['x-cache']).toBeUndefined(); // another limit, another cache entry
      expect(mids(after.body.magazineList)).toContain(FX.mid.adult);
    } finally {
      await t.db.query(`UPDATE institutions SET age_rating = 5 WHERE con_code = 'BAS'`);
    }
    expect(mids((await get(url, school)).body.magazineList)).not.toContain(FX.mid.adult);
  });

  it('the user details carry the rating for the ageRating cookie, 0 without an institution', async () => {
    expect((await api.call(endpoints.userDetails, {}, school)).body.ageRating).toBe(5);
    expect((await signIn('someone@example.com', null)).ageRating).toBe(0);
  });

  it('a token that is not valid counts as a visitor, not an error', async () => {
    const res = await get('/content/magazine-filter?categoryID=BS&age_rate=5', 'Bearer not-a-token');
    expect(res.status).toBe(200);
    expect(mids(res.body.magazineList)).not.toContain(FX.mid.adult);
  });
});

describe('visitors: the spec §5 rating the app sends', () => {
  it('the list default 5 hides 18+ titles; search and stories at the default 9 (not sent) show them', async () => {
    const lists = await whatIsShown(undefined, '5');
    expect([lists.home, lists.listing]).toEqual([false, false]);
    const search = await whatIsShown(undefined, '');
    expect([search.titleSearch, search.pageSearch, search.storySearch, search.stories]).toEqual([true, true, true, true]);
  });
});
