// The fast path (migration 021): what listings and search read is kept up to date by
// triggers and the popularity job, so the answers follow ingest, deletions and reads at once;
// title and story search find Chinese and Japanese inside a run and Arabic presentation forms.
// On PostgreSQL too: prepared catalogue reads and index-only plans; a listing order's generation raised at commit.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedDb, testApp, type TestContext } from '../support/app';
import { addReads, FX, loadCatalogue } from '../fixtures/catalogue';
import { storeRenderedIssue } from '../../src/server/ingest/ingest';
import { refreshPopularity } from '../../src/server/jobs/popularity';
import { listMagazines, listSections } from '../../src/server/repositories/catalogue';
import { searchTitles } from '../../src/server/repositories/search';

let t: TestContext;
beforeAll(async () => {
  // No response cache: every answer here comes from the database.
  t = await testApp(loadCatalogue, { config: { contentCacheMs: 0 } });
});
afterAll(() => t?.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};
const card = async (category: string, mid: number) =>
  (await get(`/content/magazine-filter?categoryID=${category}`)).magazineList.find((m: { mid: number }) => m.mid === mid);

/** A one-page issue as the renderer gives it. */
function renderedPdf(text: string) {
  const tiny = new Uint8Array([1, 2, 3, text.length]);
  return {
    pages: [{ pageNo: 1, width: 720, smallWidth: 360, xlargeWidth: 720, height: 1020, text, large: tiny, small: tiny, xlarge: tiny }],
    covers: [tiny, tiny, tiny],
    warnings: [],
  };
}
async function ingest(mid: number, name: string, pubDate: string, text: string, isSpecial = false): Promise<number> {
  return t.db.transaction((tx) => storeRenderedIssue(tx, t.app.storage, { mid, name, pubDate, isSpecial }, renderedPdf(text)));
}
const generation = async () => Number((await t.db.query<{ gen: number }>('SELECT gen FROM catalogue_generation')).rows[0].gen);
const listed = async (query: string) =>
  (await get(`/content/magazine-filter?${query}`)).magazineList.map((m: { mid: number }) => m.mid) as number[];
const pageHits = async (q: string) =>
  (await get(`/content/mag-search?q=${encodeURIComponent(q)}`)).items.map((i: { issueId: number }) => i.issueId);

describe('listing counts, kept per catalogue generation (migration 027)', () => {
  const hits = async (query: string) => (await get(`/content/magazine-filter?${query}`)).nbHits as number;

  it('counts again only after a title is added, changed or removed, never after a read or a rollback', async () => {
    const tech = `categoryID=${FX.cats.tech}`;
    const [techEn, techFr, gen] = [await hits(`${tech}&lang=en`), await hits(`${tech}&lang=fr`), await generation()];
    expect(await hits(`${tech}&lang=en`)).toBe(techEn);
    expect(await generation()).toBe(gen);

    const { rows } = await t.db.query<{ mid: number }>(
      `INSERT INTO titles (name, slug, publisher, cat_id, lang_code, frequency, type)
       VALUES ('Count Me', 'count-me', 'Meridian', $1, 'en', 'Monthly', 'magazine') RETURNING mid`,
      [FX.cats.tech],
    );
    expect(await generation()).toBeGreaterThan(gen);
    expect(await hits(`${tech}&lang=en`)).toBe(techEn + 1);

    await t.db.query(`UPDATE titles SET lang_code = 'fr' WHERE mid = $1`, [rows[0].mid]);
    expect([await hits(`${tech}&lang=en`), await hits(`${tech}&lang=fr`)]).toEqual([techEn, techFr + 1]);

    // A change that is rolled back leaves the count (and what it is kept under) as it was.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query('DELETE FROM titles WHERE mid = $1', [rows[0].mid]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await hits(`${tech}&lang=fr`)).toBe(techFr + 1);

    await t.db.query('DELETE FROM titles WHERE mid = $1', [rows[0].mid]);
    expect([await hits(`${tech}&lang=en`), await hits(`${tech}&lang=fr`)]).toEqual([techEn, techFr]);
  });
});

describe('listing orders, kept per catalogue generation (migration 044)', () => {
  it('follow a new issue, a deleted one and a new rank at once, and stay through a rollback or a job that changed nothing', async () => {
    const arrivals = await listed('categoryID=NA');
    const last = arrivals[arrivals.length - 1];
    const issueId = await ingest(last, 'Arrived today', '2026-12-24', 'Just arrived');
    expect(await listed('categoryID=NA')).toEqual([last, ...arrivals.filter((m) => m !== last)]);

    // An issue stored and then rolled back moves nothing, and raises nothing.
    const gen = await generation();
    const rollback = new Error('rollback');
    await expect(
      t.db.transaction(async (tx) => {
        await storeRenderedIssue(tx, t.app.storage, { mid: arrivals[1], name: 'Never', pubDate: '2026-12-31' }, renderedPdf('never'));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await generation()).toBe(gen);
    expect((await listed('categoryID=NA'))[0]).toBe(last);

    await t.db.query('DELETE FROM issues WHERE issue_id = $1', [issueId]);
    expect(await listed('categoryID=NA')).toEqual(arrivals);
    // A page past the order's end is empty, and says so again once the order is kept.
    for (let i = 0; i < 2; i++) expect(await listed('categoryID=NA&page=4')).toEqual([]);

    // The popularity job: a rank that moves shows at once; a run that moves none raises nothing.
    await refreshPopularity(t.db);
    const popular = await listed('categoryID=BS');
    const settled = await generation();
    await refreshPopularity(t.db);
    expect(await generation()).toBe(settled);
    const least = popular[popular.length - 1];
    await addReads(t.db, least, 500);
    await refreshPopularity(t.db);
    expect((await listed('categoryID=BS'))[0]).toBe(least);
    await t.db.query('DELETE FROM usage_events WHERE mid = $1', [least]);
    await refreshPopularity(t.db);
    expect(await listed('categoryID=BS')).toEqual(popular);
  });

  it('raise the generation once for a transaction that adds several issues', async () => {
    const gen = await generation();
    const added = await t.db.transaction(async (tx) => [
      await storeRenderedIssue(tx, t.app.storage, { mid: FX.mid.biz, name: 'Two a day, one', pubDate: '2026-12-25' }, renderedPdf('one')),
      await storeRenderedIssue(tx, t.app.storage, { mid: FX.mid.tech, name: 'Two a day, two', pubDate: '2026-12-26' }, renderedPdf('two')),
    ]);
    expect(await generation()).toBe(gen + 1);
    expect((await listed('categoryID=NA')).slice(0, 2)).toEqual([FX.mid.tech, FX.mid.biz]);
    await t.db.query('DELETE FROM issues WHERE issue_id = ANY($1)', [added]);
  });

  // An ingest adds its issue, then its pages, then moves its files in, all in one transaction: a
  // generation raised at the insert would hold every other ingest until that one committed.
  it.runIf(process.env.LECTERN_TEST_DB === 'postgres')('raise it at commit: an ingest still open holds up no other', async () => {
    const gen = await generation();
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const open = t.db.transaction(async (tx) => {
      await storeRenderedIssue(tx, t.app.storage, { mid: FX.mid.biz, name: 'Slow one', pubDate: '2026-12-27' }, renderedPdf('slow'));
      await released;
    });
    await new Promise((r) => setTimeout(r, 100));
    const other = t.db.transaction((tx) =>
      storeRenderedIssue(tx, t.app.storage, { mid: FX.mid.tech, name: 'Quick one', pubDate: '2026-12-28' }, renderedPdf('quick')),
    );
    const quick = await Promise.race([other, new Promise<'held'>((r) => setTimeout(() => r('held'), 5000))]);
    release();
    await open;
    await other;
    expect(quick).not.toBe('held');
    expect(await generation()).toBe(gen + 2);
    await t.db.query(`DELETE FROM issues WHERE name IN ('Slow one', 'Quick one')`);
  });
});

describe('related titles, from an order kept per catalogue generation', () => {
  // What the answer must be: the statement that chose them before the order was kept.
  const expected = async (mid: number, page: number) => {
    const { rows } = await t.db.query<{ mid: number; total: number }>(
      `WITH me AS (SELECT cat_id, lang_code, type FROM titles WHERE mid = $1)
       SELECT t.mid, count(*) OVER ()::int AS total FROM titles t JOIN me ON t.type = me.type JOIN title_popularity tp ON tp.mid = t.mid
       WHERE t.mid <> $1 AND t.cat_id <> ${FX.cats.hidden}
       ORDER BY (t.cat_id = me.cat_id) DESC, (t.lang_code = me.lang_code) DESC, tp.rank, t.mid LIMIT 5 OFFSET $2`,
      [mid, page * 5],
    );
    return { mids: rows.map((r) => r.mid), nbPages: Math.ceil((rows[0]?.total ?? 0) / 5) };
  };
  const related = async (mid: number, page = 0) => {
    const body = await get(`/content/magazine-related?mid=${mid}&page=${page}`);
    return { mids: body.magazineList.map((m: { mid: number }) => m.mid) as number[], nbPages: body.nbPages as number };
  };
  const sameAsSql = async () => {
    for (const mid of Object.values(FX.mid)) expect(await related(mid), `title ${mid}`).toEqual(await expected(mid, 0));
  };

  it('follow a new title, a new rank, a changed category and a deletion at once', async () => {
    await sameAsSql();
    const { rows } = await t.db.query<{ mid: number }>(
      `INSERT INTO titles (name, slug, publisher, cat_id, lang_code, frequency, type)
       VALUES ('Related Later', 'related-later', 'Meridian', $1, 'en', 'Monthly', 'magazine') RETURNING mid`,
      [FX.cats.tech],
    );
    const later = rows[0].mid;
    // Same category and language as Tech Today: after Blocked Review, the better read.
    expect((await related(FX.mid.tech)).mids.slice(0, 2)).toEqual([FX.mid.blocked, later]);
    await addReads(t.db, later, 500);
    await refreshPopularity(t.db);
    expect((await related(FX.mid.tech)).mids.slice(0, 2)).toEqual([later, FX.mid.blocked]);
    await sameAsSql();

    await t.db.query('UPDATE titles SET cat_id = $1 WHERE mid = $2', [FX.cats.business, later]);
    expect((await related(FX.mid.tech)).mids[0]).toBe(FX.mid.blocked);
    expect((await related(FX.mid.biz)).mids[0]).toBe(later);
    await sameAsSql();

    await t.db.query('DELETE FROM usage_events WHERE mid = $1', [later]);
    await t.db.query('DELETE FROM titles WHERE mid = $1', [later]);
    await refreshPopularity(t.db);
    await sameAsSql();
    expect((await related(FX.mid.biz)).mids).not.toContain(later);
  });

  it('answer a page past the end with no titles and the number of pages', async () => {
    const { nbPages } = await related(FX.mid.tech);
    expect(nbPages).toBeGreaterThan(0);
    expect(await related(FX.mid.tech, 40)).toEqual({ mids: [], nbPages });
  });
});

describe('cards, kept per catalogue generation (migration 045)', () => {
  it('follow a renamed title, a renamed latest issue, its new covers and its making special, in listings and related titles', async () => {
    // The same card in a listing and among a title's related titles, both from the kept cards.
    const shown = async () => {
      const listed = await card('BS', FX.mid.tech);
      const related = (await get(`/content/magazine-related?mid=${FX.mid.blocked}`)).magazineList;
      expect(related.find((m: { mid: number }) => m.mid === FX.mid.tech)).toEqual(listed);
      return listed;
    };
    const before = await shown();
    const gen = await generation();
    const { rows } = await t.db.query<{ cover_2x: string }>('SELECT cover_2x FROM issues WHERE issue_id = $1', [before.issueId]);
    await t.db.query(`UPDATE titles SET name = 'Tech Tomorrow' WHERE mid = $1`, [FX.mid.tech]);
    expect(await shown()).toMatchObject({ name: 'Tech Tomorrow', issueName: before.issueName });

    await t.db.query(`UPDATE issues SET name = 'Issue 3, revised' WHERE issue_id = $1`, [before.issueId]);
    expect(await shown()).toMatchObject({ issueId: before.issueId, issueName: 'Issue 3, revised' });
    await t.db.query(`UPDATE issues SET cover_2x = 'covers/redrawn-2x.webp' WHERE issue_id = $1`, [before.issueId]);
    expect((await shown()).imgPath).toMatch(/covers\/redrawn-2x\.webp$/);
    // Made special, it leaves the card to the regular issue before it.
    await t.db.query('UPDATE issues SET is_special = true WHERE issue_id = $1', [before.issueId]);
    const special = await shown();
    expect(special.issueId).not.toBe(before.issueId);
    expect(special.issueId).toBeTruthy();
    expect(await generation()).toBe(gen + 4);

    // A statement that changes nothing a card shows raises nothing.
    await t.db.query('UPDATE issues SET doi = doi WHERE issue_id = $1', [before.issueId]);
    expect(await generation()).toBe(gen + 4);

    await t.db.query('UPDATE issues SET name = $2, cover_2x = $3, is_special = false WHERE issue_id = $1', [
      before.issueId,
      before.issueName,
      rows[0].cover_2x,
    ]);
    await t.db.query('UPDATE titles SET name = $2 WHERE mid = $1', [FX.mid.tech, before.name]);
    expect(await shown()).toEqual(before);
  });
});

describe('cards, kept per catalogue generation, with readers and a writer at once', () => {
  // On PostgreSQL the readers run on the pool's connections beside the writer.
  it('never answer a card older than the last change committed before the request', async () => {
    const { name } = await card('BS', FX.mid.tech);
    const shown = async (i: number) =>
      i % 2
        ? await card('BS', FX.mid.tech)
        : (await get(`/content/magazine-related?mid=${FX.mid.blocked}`)).magazineList.find((m: { mid: number }) => m.mid === FX.mid.tech);
    let committed = 0;
    let writing = true;
    const writer = (async () => {
      for (let i = 1; i <= 10; i++) {
        await t.db.query('UPDATE titles SET name = $2 WHERE mid = $1', [FX.mid.tech, `Race ${i}`]);
        committed = i;
        await new Promise((r) => setTimeout(r, 5)); // the readers' turn, on PGlite's one connection
      }
      writing = false;
    })();
    const stale: string[] = [];
    let reads = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, reader) => {
        // (at most 100 reads: the test app keeps its rate limit)
        for (let i = reader; writing && reads < 100; i++, reads++) {
          const floor = committed;
          const seen = (await shown(i)).name as string;
          if ((seen === name ? 0 : Number(seen.replace('Race ', ''))) < floor) stale.push(`${seen} after Race ${floor}`);
        }
      }),
    );
    await writer;
    expect(reads).toBeGreaterThan(20);
    expect(stale).toEqual([]);
    expect([(await shown(0)).name, (await shown(1)).name]).toEqual(['Race 10', 'Race 10']);
    await t.db.query('UPDATE titles SET name = $2 WHERE mid = $1', [FX.mid.tech, name]);
  });
});

describe("home's rows in one statement", () => {
  it('are the first pages of the listings they stand for, in order', async () => {
    const home = await get('/content/home');
    const first = async (query: string) => (await get(`/content/magazine-filter?${query}`)).magazineList;
    expect(home.mostPopular).toEqual(await first('categoryID=BS'));
    expect(home.featured).toEqual(await first('categoryID=F'));
    expect(home.international).toEqual(await first('categoryID=IF'));
    expect(home.topFree).toEqual(await first('categoryID=TF'));
    expect(home.newArrivals).toEqual(await first('categoryID=NA'));
    expect(home.popularJournals).toEqual(await first(`categoryID=${FX.cats.journals}`));
    expect(home.popularMagazines.map((m: { type: string }) => m.type)).not.toContain('journal');
    expect(new Set([home.mostPopular, home.featured, home.international, home.topFree].map((l) => JSON.stringify(l))).size).toBe(4);
  });

  it('are kept while the catalogue stays, and follow a new issue and a renamed title at once', async () => {
    await get('/content/home');
    const asked = vi.spyOn(t.app.db.read, 'query');
    const kept = await get('/content/home');
    expect(asked.mock.calls.map(([sql]) => sql).filter((sql) => /UNION ALL/.test(sql))).toEqual([]);
    asked.mockRestore();

    const last = kept.newArrivals[kept.newArrivals.length - 1];
    const issueId = await ingest(last.mid, 'Home today', '2026-12-29', 'Home pages');
    await t.db.query(`UPDATE titles SET name = 'Renamed For Home' WHERE mid = $1`, [kept.mostPopular[0].mid]);
    const home = await get('/content/home');
    expect(home.newArrivals[0]).toMatchObject({ mid: last.mid, issueId, issueName: 'Home today' });
    expect(home.mostPopular[0]).toMatchObject({ mid: kept.mostPopular[0].mid, name: 'Renamed For Home' });
    expect(home.newArrivals).toEqual((await get('/content/magazine-filter?categoryID=NA')).magazineList);

    await t.db.query('DELETE FROM issues WHERE issue_id = $1', [issueId]);
    await t.db.query('UPDATE titles SET name = $2 WHERE mid = $1', [kept.mostPopular[0].mid, kept.mostPopular[0].name]);
    expect(await get('/content/home')).toEqual(kept);
  });
});

describe('the latest issue, kept by a trigger', () => {
  it('shows a newly ingested issue on the card at once, and the one before when it is deleted', async () => {
    const before = await card('BS', FX.mid.tech);
    expect(before.issueName).toBe('Issue 3');
    const issueId = await ingest(FX.mid.tech, 'Issue 4', '2026-11-20', 'Fresh pages about robots');
    const after = await card('BS', FX.mid.tech);
    expect(after).toMatchObject({ issueId, issueName: 'Issue 4', pubDate: '2026-11-20' });
    expect((await get(`/content/magMeta?mid=${FX.mid.tech}`)).latestIssue.issueId).toBe(issueId);
    // New arrivals: the title with the newest issue comes first.
    expect((await get('/content/magazine-filter?categoryID=NA')).magazineList[0].mid).toBe(FX.mid.tech);

    await t.db.query('DELETE FROM issues WHERE issue_id = $1', [issueId]);
    expect(await card('BS', FX.mid.tech)).toEqual(before);
  });

  it('keeps a special issue off the card but counts it as the newest for new arrivals', async () => {
    const regular = await card('BS', FX.mid.biz);
    const special = await ingest(FX.mid.biz, 'Annual Special', '2026-11-25', 'A special edition', true);
    expect(await card('BS', FX.mid.biz)).toEqual(regular);
    expect((await get('/content/magazine-filter?categoryID=NA')).magazineList[0].mid).toBe(FX.mid.biz);
    await t.db.query('DELETE FROM issues WHERE issue_id = $1', [special]);
  });

  it('two ingests into one title at the same time leave the newer issue as the latest', async () => {
    let newer = 0;
    const first = t.db.transaction(async (tx) => {
      newer = await storeRenderedIssue(
        tx,
        t.app.storage,
        { mid: FX.mid.paper, name: 'Newer', pubDate: '2026-11-30' },
        renderedPdf('newer'),
      );
      await new Promise((r) => setTimeout(r, 300)); // still open while the second one stores its issue
    });
    await new Promise((r) => setTimeout(r, 50));
    const second = t.db.transaction((tx) =>
      storeRenderedIssue(tx, t.app.storage, { mid: FX.mid.paper, name: 'Older', pubDate: '2026-11-29' }, renderedPdf('older')),
    );
    await Promise.all([first, second]);
    const { rows } = await t.db.query<{ issue_id: number }>('SELECT issue_id FROM title_latest WHERE mid = $1', [FX.mid.paper]);
    expect(rows[0].issue_id).toBe(newer);
  });

  it('moves an issue to another date and its title follows', async () => {
    const { rows } = await t.db.query<{ issue_id: number }>(
      'SELECT issue_id FROM issues WHERE mid = $1 AND NOT is_special ORDER BY pub_date LIMIT 1',
      [FX.mid.hindiMag],
    );
    await t.db.query(`UPDATE issues SET pub_date = '2026-12-01' WHERE issue_id = $1`, [rows[0].issue_id]);
    expect((await card('2', FX.mid.hindiMag)).issueId).toBe(rows[0].issue_id);
  });
});

describe('page-text search through issue_search', () => {
  it('finds an ingested issue by its words, follows a changed page, and forgets a deleted issue', async () => {
    const issueId = await ingest(FX.mid.tech, 'Zebra issue', '2026-11-02', 'The zebra crossing report');
    expect(await pageHits('zebra')).toEqual([issueId]);
    await t.db.query(`UPDATE pages SET text = 'Quokka sightings' WHERE issue_id = $1`, [issueId]);
    expect(await pageHits('zebra')).toEqual([]);
    expect(await pageHits('quokka')).toEqual([issueId]);
    await t.db.query('DELETE FROM issues WHERE issue_id = $1', [issueId]);
    expect(await pageHits('quokka')).toEqual([]);
  });

  it('lists matching issues newest first, with every matching page counted', async () => {
    const res = await get('/content/mag-search?q=monsoon');
    const dates = res.items.map((i: { issueId: number }) => i.issueId);
    const { rows } = await t.db.query<{ issue_id: number }>(
      'SELECT issue_id FROM issues WHERE mid = $1 ORDER BY pub_date DESC, issue_id DESC',
      [FX.mid.biz],
    );
    expect(dates).toEqual(rows.map((r) => r.issue_id));
    expect(res.items.every((i: { fin: number }) => i.fin === 2)).toBe(true);
    expect(res).toMatchObject({ nbHits: 3, nbPages: 1 });
    expect((await get('/content/mag-search?q=monsoon&p=1')).items).toEqual([]);
  });
});

describe('popular categories and languages from the popularity job', () => {
  it('orders the home rows by the reads the job summed', async () => {
    await addReads(t.db, FX.mid.hindiMag, 50);
    await refreshPopularity(t.db);
    const home = await get('/content/home');
    expect(home.popularCategories[0].catId).toBe(FX.cats.business);
    expect(home.popularLanguages[0].lang_code).toBe('hi');
    await addReads(t.db, FX.mid.tech, 80);
    await refreshPopularity(t.db);
    const next = await get('/content/home');
    expect(next.popularCategories[0].catId).toBe(FX.cats.tech);
    expect(next.popularLanguages[0].lang_code).toBe('en');
  });
});

describe('title and story search for every script', () => {
  beforeAll(async () => {
    await t.db.exec(`
      INSERT INTO titles (name, slug, publisher, cat_id, lang_code, frequency, type, description, curated_rank)
      VALUES ('東京文化ジャーナル', 'tokyo-culture', 'Sakura', 3, 'en', 'Monthly', 'magazine', 'ﻣﺮﺣﺒﺎ readers', 50);
      INSERT INTO stories (canonical_url, title, short_desc, body, category)
      VALUES ('culture-cjk', '中华文化博大精深', 'ﻣﺮﺣﺒﺎ ﺑﺎﻟﻌﺎﻟﻢ', '日本の文化について', 'Cover-Stories');`);
  });
  const titles = async (q: string) =>
    (await get(`/content/magazine-search?query=${encodeURIComponent(q)}`)).items.map((i: { key: string }) => i.key);
  const stories = async (q: string) =>
    (await get(`/content/article-search?query=${encodeURIComponent(q)}`)).Articles.map((s: { browserLinkUrl: string }) => s.browserLinkUrl);

  it('finds a title by a word inside its Japanese name and by normal Arabic in its description', async () => {
    expect(await titles('文化')).toEqual(['tokyo-culture']);
    expect(await titles('مرحبا')).toEqual(['tokyo-culture']);
    expect(await titles('ﻣﺮﺣﺒﺎ')).toEqual(['tokyo-culture']);
  });

  it('finds a story by Chinese or Japanese inside a run and by Arabic in either form', async () => {
    expect(await stories('文化')).toEqual(['/stories/culture-cjk']);
    expect(await stories('博大')).toEqual(['/stories/culture-cjk']);
    expect(await stories('東京')).toEqual([]);
    expect(await stories('مرحبا')).toEqual(['/stories/culture-cjk']);
    expect(await stories('ﻣﺮﺣﺒﺎ')).toEqual(['/stories/culture-cjk']);
  });
});

// Kept on each connection: a transaction holds one, so what it prepared is there to see.
describe.runIf(process.env.LECTERN_TEST_DB === 'postgres')('prepared catalogue reads (PostgreSQL, db/prepared.ts)', () => {
  it('keeps a listing and home rows prepared with the same answers, and never a search', async () => {
    const visibility = { newspapers: true, journals: true };
    const statements = await t.db.transaction(async (tx) => {
      for (const page of [0, 1]) {
        const first = await listMagazines(tx, { visibility, category: 'BS', page, pageSize: 2 });
        expect(await listMagazines(tx, { visibility, category: 'BS', page, pageSize: 2 })).toEqual(first);
        expect(first.magazineList).toHaveLength(2);
      }
      await listSections(tx, [
        { visibility, category: 'NA', page: 0, count: false },
        { visibility, category: 'F', page: 0, count: false },
      ]);
      await searchTitles(tx, 'tech', { visibility, storeId: 1, page: 0 });
      return (await tx.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements')).rows;
    });
    const named = statements.filter((s) => s.name.startsWith('lectern_'));
    // the first page and a later one (its offset a parameter), the count and home's rows
    expect(named.filter((s) => /LIMIT 2\b/.test(s.statement) && !/UNION ALL/.test(s.statement))).toHaveLength(2);
    expect(named.some((s) => /count\(\*\)/.test(s.statement))).toBe(true);
    expect(named.some((s) => /UNION ALL/.test(s.statement))).toBe(true);
    expect(statements.some((s) => /websearch_to_tsquery/.test(s.statement))).toBe(false);
  });

  it('plans a listing page once per connection, not on every run: from a kept order, or walked to', async () => {
    const visibility = { newspapers: false, journals: true };
    type Plans = { statement: string; generic_plans: number; custom_plans: number };
    // A database of its own: its connections have prepared none of this file's statements yet.
    const db = await migratedDb();
    await loadCatalogue(db);
    const plans = await db
      .transaction(async (tx) => {
        // A catalogue large enough for the planner's estimates to matter.
        await tx.query(`INSERT INTO titles (name, slug, publisher, cat_id, lang_code, frequency, type, store_ids, age_rating, curated_rank)
          SELECT 'Bulk ' || g, 'bulk-' || g, 'Bulk', 3, 'en', 'Monthly', 'magazine', '{1}', 3, 100 + g FROM generate_series(1, 3000) g`);
        await tx.query('ANALYZE titles, title_latest, title_popularity');
        for (let i = 0; i < 8; i++) await listMagazines(tx, { visibility, category: 3, storeId: 1, page: 0, count: false });
        for (let i = 0; i < 2; i++) {
          for (let page = 1; page < 10; page++) {
            await listMagazines(tx, { visibility, category: 'BS', storeId: 1, page, count: false });
            // A page size other than the app's is walked to, its offset a parameter.
            await listMagazines(tx, { visibility, category: 'BS', storeId: 1, page, pageSize: 10, count: false });
          }
        }
        const { rows } = await tx.query<Plans>(
          `SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements
           WHERE statement LIKE '%127,154%ANY(t.store_ids)%' OR statement LIKE '%unnest($1::int[])%'`,
        );
        return rows;
      })
      .finally(() => db.close());
    const runs = (p: Plans) => p.generic_plans + p.custom_plans;
    const orders = plans.filter((p) => /array_agg/.test(p.statement));
    const byKey = plans.filter((p) => /unnest/.test(p.statement));
    const walked = plans.filter((p) => /OFFSET \$/.test(p.statement));
    // Each listing walked once for its order, then 10 full pages' cards fetched by key (the runs
    // after them find their cards kept): kept after PostgreSQL's first five plans. (A page of fewer
    // titles than its generic plan assumes, ten, may keep being planned for its values: the plan
    // for a few keys is the cheaper one.)
    expect(orders.map(runs)).toEqual([1, 1]);
    expect([byKey.length, runs(byKey[0])]).toEqual([1, 10]);
    expect(byKey[0].custom_plans).toBeLessThanOrEqual(5);
    // Pages 1 to 9 walked to share a statement whose offset is a parameter: kept too after
    // PostgreSQL's first five plans. With the whole walk under the OFFSET its generic plan skipped
    // a tenth of the titles, and each of the 18 runs was planned for its own offset.
    expect(walked).toHaveLength(1);
    expect(walked[0].custom_plans).toBeLessThanOrEqual(5);
    expect(walked[0].generic_plans).toBeGreaterThanOrEqual(13);
  });
});
