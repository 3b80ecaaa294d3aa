// Catalogue reads: listings, categories, languages, titles, issues. Plain parameterised SQL.
import type { Queryable } from '../db/index';
import { prepared } from '../db/prepared';
import {
  AGE_RATE_APPLY_BELOW,
  LISTING_PAGE_SIZE,
  NEWSPAPER_CATEGORY,
  POPULAR_LANGUAGES_MAX,
  RELATED_PAGE_SIZE,
  SEARCH_MAX_PAGES,
  SEARCH_MAX_SHOWN_TOTAL,
  type QuickCategory,
} from '../../shared/constants';
import type { MagazineCard } from '../../shared/schemas/content';
import { excludedCategories, type Visibility } from './access';
import {
  CARD_COLUMNS,
  ISSUE_COLUMNS,
  LATEST_ISSUE_JOIN,
  toCard,
  toCategory,
  toIssue,
  toLanguage,
  type CardRow,
  type CategoryRow,
  type IssueRow,
  type LanguageRow,
} from './cards';

export interface ListFilter {
  visibility: Visibility;
  category: QuickCategory | number;
  lang?: string;
  storeId?: number;
  ageRate?: number;
  type?: MagazineCard['type'];
  page: number;
  pageSize?: number;
  /** false: only the page (home's sections show no paging), which saves the count */
  count?: boolean;
}

/** Paging answer with the spec's caps: at most 300 pages, and 9000 shown when above that. */
export function capPaging(total: number, pageSize: number) {
  const pages = Math.ceil(total / pageSize);
  return pages > SEARCH_MAX_PAGES ? { nbPages: SEARCH_MAX_PAGES, nbHits: SEARCH_MAX_SHOWN_TOTAL } : { nbPages: pages, nbHits: total };
}

const POPULARITY_ORDER = 'tp.rank, t.mid';
/** Listing pages 0 to 9 keep one plan each on a connection, and come from a kept order; later
 * pages are planned on each run. */
const PLANNED_PAGES = 10;

/** A number to write into SQL text: a whole number, or the statement is refused. */
function wholeNumber(n: number): number {
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number: ${n}`);
  return n;
}

/** The WHERE of a listing (over titles t) with its parameters, and its order. Its parameters are
 * added to `params` (several listings in one statement share one list). */
function listingWhere(f: Omit<ListFilter, 'page'>, params: unknown[] = []) {
  // The categories left out and the store are written in, not passed (whole numbers from the code
  // and from a validated query, a handful of values): passed, they made PostgreSQL's generic plan
  // of the prepared statement assume the store keeps few titles, judge it dearer than a fresh plan
  // and plan every run anew (0.6 ms, as long as running it).
  const where = [`NOT (t.cat_id = ANY('{${excludedCategories(f.visibility).map(wholeNumber).join(',')}}'::int[]))`];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  let order = POPULARITY_ORDER;
  switch (f.category) {
    case 'BS':
      break;
    case 'F':
      where.push('t.is_featured');
      order = `t.curated_rank, ${POPULARITY_ORDER}`;
      break;
    case 'IF':
      where.push('t.is_international');
      break;
    case 'TF':
      where.push('t.is_free');
      break;
    case 'NA':
      order = 'nl.newest_pub_date DESC NULLS LAST, nl.mid DESC';
      break;
    default:
      add('t.cat_id = ?', f.category);
  }
  // Category 154 means newspapers in every language.
  if (f.lang && f.category !== NEWSPAPER_CATEGORY) add('t.lang_code = ?', f.lang);
  if (f.storeId) where.push(`${wholeNumber(f.storeId)} = ANY(t.store_ids)`);
  if (f.ageRate && f.ageRate < AGE_RATE_APPLY_BELOW) add('t.age_rating <= ?', f.ageRate);
  if (f.type) add('t.type = ?', f.type);
  return { where: where.join(' AND '), params, order };
}

const GEN_COLUMN = '(SELECT gen FROM catalogue_generation) AS gen';

/** What this process read from the catalogue, per database handle and key, each under the
 * catalogue generation it was read at (migrations 027 and 044): used only while a statement reads
 * the same generation with its rows, i.e. nothing it depends on has changed since. At most `max`
 * kept, the oldest going first. */
function keptPerGeneration<T extends { gen: number }>(max: number) {
  const byDb = new WeakMap<Queryable, Map<string, T>>();
  const of = (db: Queryable) => {
    let kept = byDb.get(db);
    if (!kept) byDb.set(db, (kept = new Map()));
    return kept;
  };
  return {
    get: (db: Queryable, key: string) => of(db).get(key),
    set(db: Queryable, key: string, value: T) {
      const kept = of(db);
      kept.delete(key);
      if (kept.size >= max) kept.delete(kept.keys().next().value!);
      kept.set(key, value);
    },
  };
}

/** Listing counts, by their WHERE and parameters. */
const counts = keptPerGeneration<{ gen: number; n: number }>(10_000);
/** The order of a listing's first pages (its titles' keys), by its walk and parameters: a few
 * dozen shapes in use, 200 keys each. */
const orders = keptPerGeneration<{ gen: number; mids: number[] }>(2_000);
/** The titles of home's rows, by their walk, parameters and size. */
const sectionOrders = keptPerGeneration<{ gen: number; mids: number[] }>(2_000);

async function listingCount(db: Queryable, f: ListFilter, pageGen: number | undefined): Promise<number> {
  const params: unknown[] = [];
  const { where } = listingWhere(f, params);
  const key = `${where}\0${JSON.stringify(params)}`;
  const kept = counts.get(db, key);
  if (kept && kept.gen === pageGen) return kept.n;
  const { rows } = await db.query<{ n: number; gen: number }>(
    prepared(`SELECT count(*)::int AS n, ${GEN_COLUMN} FROM titles t WHERE ${where}`),
    params,
  );
  counts.set(db, key, rows[0]);
  return rows[0].n;
}

/** A listing's titles in its order, each with its place (rn), as SQL (its parameters added to
 * `params`). */
function listingWalk(f: Omit<ListFilter, 'page'>, params: unknown[]) {
  const { where, order } = listingWhere(f, params);
  // New arrivals walk the newest-issue index, the others the popularity index; every title has a
  // title_latest and a title_popularity row (triggers add them), so the count needs neither.
  // A category's few titles each look their rank up instead (OFFSET 0 keeps the planner from
  // turning that into a hash join over every title's popularity: half the time in PostgreSQL).
  const joins =
    f.category === 'NA'
      ? 'JOIN title_latest nl ON nl.mid = t.mid'
      : typeof f.category === 'number'
        ? 'CROSS JOIN LATERAL (SELECT p.rank FROM title_popularity p WHERE p.mid = t.mid OFFSET 0) tp'
        : 'JOIN title_popularity tp ON tp.mid = t.mid';
  // The walk reads only the title's key and filter columns (index-only scans of titles_filter_idx,
  // titles_cat_filter_idx, titles_featured_idx and title_popularity_mid_rank_idx, migrations 021
  // and 043); the card's own columns are read for the page's rows alone.
  return `SELECT t.mid, row_number() OVER (ORDER BY ${order}) AS rn
       FROM titles t ${joins} WHERE ${where}
       ORDER BY ${order}`;
}

/** A listing's walk with its parameters, and the key what is kept of it goes by. */
function walkOf(f: Omit<ListFilter, 'page'>) {
  const params: unknown[] = [];
  const walk = listingWalk(f, params);
  return { walk, params, key: `${walk}\0${JSON.stringify(params)}` };
}

/** One listing page as SQL (its parameters added to `params`): the cards in order, each with its
 * place (rn) and the catalogue generation. */
function listingPage(f: ListFilter, params: unknown[]) {
  const size = f.pageSize ?? LISTING_PAGE_SIZE;
  const walk = listingWalk(f, params);
  // The page size (the code's own) and a first page's offset are written in: PostgreSQL can then
  // keep one plan of the prepared statement. An OFFSET it cannot see is planned as a tenth of the
  // rows skipped (a thousand of 10,000 titles), dearer than the plan made for the value, so it
  // planned every later page anew. Pages 1 to 9 walk at most ten pages, a LIMIT written in: a
  // tenth of those is one page, and the plan is kept. The executor still stops at the page's end;
  // the outer ORDER BY (a sort of at most ten pages) makes the OFFSET take the walk's order.
  const pageSize = Math.trunc(size);
  let keys = `${walk} LIMIT ${pageSize}`;
  if (f.page > 0) {
    params.push(f.page * size);
    const paging = `LIMIT ${pageSize} OFFSET $${params.length}`;
    keys =
      f.page < PLANNED_PAGES ? `SELECT * FROM (${walk} LIMIT ${PLANNED_PAGES * pageSize}) w ORDER BY w.rn ${paging}` : `${walk} ${paging}`;
  }
  return `SELECT ${CARD_COLUMNS}, p.rn, ${GEN_COLUMN} FROM (${keys}) p JOIN titles t ON t.mid = p.mid ${LATEST_ISSUE_JOIN}`;
}

type PageRow = CardRow & { gen: number };
type Page = { cards: MagazineCard[]; gen: number | undefined };

async function generationNow(db: Queryable): Promise<number> {
  return (await db.query<{ gen: number }>(prepared('SELECT gen FROM catalogue_generation'))).rows[0].gen;
}

/** Cards by their titles' keys, in the keys' order, with the catalogue generation. */
const CARDS_BY_KEY = `SELECT ${CARD_COLUMNS}, ${GEN_COLUMN}
  FROM unnest($1::int[]) WITH ORDINALITY k(mid, rn) JOIN titles t ON t.mid = k.mid ${LATEST_ISSUE_JOIN} ORDER BY k.rn`;

/** The cards this process made, by title key, all under the one generation they were read at:
 * every column of a card raises the generation when it changes (migrations 027, 044 and 045), so
 * a kept card is the card for as long as the generation stays. Reading them was most of
 * PostgreSQL's time for a listing page from a kept order. */
const keptCards = new WeakMap<Queryable, { gen: number; byMid: Map<number, MagazineCard> }>();
/** Under 1 KB each (860 bytes at the bench's 10,000 titles): past this many, a catalogue larger
 * than the bench's, the kept cards start again. */
const KEPT_CARDS_MAX = 20_000;

/** The kept cards of generation `gen` (none kept yet when it is newer than theirs); null when the
 * catalogue has moved on from `gen`. */
function cardsKeptAt(db: Queryable, gen: number): Map<number, MagazineCard> | null {
  let kept = keptCards.get(db);
  if (kept && kept.gen > gen) return null;
  if (!kept || kept.gen < gen || kept.byMid.size >= KEPT_CARDS_MAX) keptCards.set(db, (kept = { gen, byMid: new Map() }));
  return kept.byMid;
}

/** Keeps the cards of rows read at their generation. Frozen: one card object goes into every
 * answer that shows the title. */
function keepCards(db: Queryable, rows: PageRow[]): MagazineCard[] {
  const kept = rows.length ? cardsKeptAt(db, rows[0].gen) : null;
  return rows.map((r) => {
    const card = kept?.get(r.mid) ?? Object.freeze(toCard(r));
    kept?.set(r.mid, card);
    return card;
  });
}

/** The cards of `mids`, in their order, as they are at generation `gen`; null when the catalogue
 * has moved on from `gen` or a title is gone. Only the cards not kept are read. */
async function cardsAt(db: Queryable, gen: number, mids: number[]): Promise<MagazineCard[] | null> {
  const kept = cardsKeptAt(db, gen);
  if (!kept) return null;
  const missing = mids.filter((mid) => !kept.has(mid));
  if (missing.length) {
    const { rows } = await db.query<PageRow>(prepared(CARDS_BY_KEY), [missing]);
    if (rows.length < missing.length || rows[0].gen !== gen) return null;
    for (const card of keepCards(db, rows)) kept.set(card.mid, card);
  }
  return mids.map((mid) => kept.get(mid)!);
}

/** A page of the first ten from the order this process keeps: the listing is walked once per
 * catalogue generation for ten pages' keys, and each page then takes its twenty titles' cards,
 * kept or read by key (the walk to a page was most of PostgreSQL's time for a listing: 530
 * buffers for page 5 of every title at 10,000 titles, against 120). Null when that cannot say:
 * the catalogue changed again as it was read, or the page lies past the order's end (the caller
 * walks to the page). */
async function pageOfKeptOrder(db: Queryable, f: ListFilter): Promise<Page | null> {
  const { walk, params, key } = walkOf(f);
  const first = f.page * LISTING_PAGE_SIZE;
  let order = orders.get(db, key);
  if (order && order.mids.length <= first) return null;
  if (order?.gen !== (await generationNow(db))) {
    const { rows } = await db.query<{ mids: number[] | null; gen: number }>(
      prepared(`SELECT array_agg(w.mid ORDER BY w.rn) AS mids, ${GEN_COLUMN} FROM (${walk} LIMIT ${PLANNED_PAGES * LISTING_PAGE_SIZE}) w`),
      params,
    );
    order = { gen: rows[0].gen, mids: rows[0].mids ?? [] };
    orders.set(db, key, order);
    if (order.mids.length <= first) return null;
  }
  const cards = await cardsAt(db, order.gen, order.mids.slice(first, first + LISTING_PAGE_SIZE));
  return cards && { cards, gen: order.gen };
}

async function walkToPage(db: Queryable, f: ListFilter): Promise<Page> {
  const params: unknown[] = [];
  const { rows } = await db.query<PageRow>(prepared(`${listingPage(f, params)} ORDER BY p.rn`), params);
  return { cards: keepCards(db, rows), gen: rows[0]?.gen };
}

export async function listMagazines(db: Queryable, f: ListFilter) {
  const size = f.pageSize ?? LISTING_PAGE_SIZE;
  const ordered = size === LISTING_PAGE_SIZE && f.page < PLANNED_PAGES;
  const page = (ordered && (await pageOfKeptOrder(db, f))) || (await walkToPage(db, f));
  const total = f.count === false ? page.cards.length : await listingCount(db, f, page.gen);
  return { magazineList: page.cards, page: f.page, ...capPaging(total, size) };
}

/** Home's rows (first pages of listings, no counts): each row's titles kept per generation like a
 * listing's order, with their cards; when one is not, all of them in one statement (one round
 * trip and one plan instead of one each), which is then kept. */
export async function listSections(db: Queryable, filters: ListFilter[]): Promise<MagazineCard[][]> {
  if (!filters.length) return [];
  const keys = filters.map((f) => `${walkOf(f).key}\0${f.pageSize ?? LISTING_PAGE_SIZE}`);
  const gen = await generationNow(db);
  const firsts = keys.map((key) => sectionOrders.get(db, key));
  if (firsts.every((first) => first?.gen === gen)) {
    const cards = await cardsAt(
      db,
      gen,
      firsts.flatMap((first) => first!.mids),
    );
    if (cards) return firsts.map((first) => cards.splice(0, first!.mids.length));
  }
  const params: unknown[] = [];
  const pages = filters.map((f, i) => `(SELECT ${i} AS section, page.* FROM (${listingPage(f, params)}) page)`);
  const { rows } = await db.query<PageRow & { section: number }>(prepared(`${pages.join(' UNION ALL ')} ORDER BY section, rn`), params);
  const cards = keepCards(db, rows);
  const sections: MagazineCard[][] = filters.map(() => []);
  rows.forEach((r, i) => sections[r.section].push(cards[i]));
  // (with no row at all there is no generation to keep them under)
  if (rows.length) keys.forEach((key, i) => sectionOrders.set(db, key, { gen: rows[0].gen, mids: sections[i].map((c) => c.mid) }));
  return sections;
}

export async function popularCategories(db: Queryable, v: Visibility) {
  // Ordered by reads (summed by the popularity job), then the curated order; the image is the
  // newest cover of the category's first title by curated rank.
  const { rows } = await db.query<CategoryRow>(
    prepared(`SELECT c.cat_id, c.name, c.name_hi, c.slug, coalesce(c.image, top.cover_2x) AS image
     FROM categories c
     LEFT JOIN category_popularity pop ON pop.cat_id = c.cat_id
     LEFT JOIN LATERAL (
       SELECT l.newest_cover_2x AS cover_2x FROM titles t JOIN title_latest l ON l.mid = t.mid
       WHERE t.cat_id = c.cat_id AND l.newest_pub_date IS NOT NULL ORDER BY t.curated_rank, l.newest_pub_date DESC LIMIT 1
     ) top ON true
     WHERE NOT c.hidden AND NOT (c.cat_id = ANY($1)) AND EXISTS (SELECT 1 FROM titles t WHERE t.cat_id = c.cat_id)
     ORDER BY coalesce(pop.reads, 0) DESC, c.curated_rank`),
    [excludedCategories(v)],
  );
  return rows.map(toCategory);
}

export async function popularLanguages(db: Queryable, limit = POPULAR_LANGUAGES_MAX) {
  const { rows } = await db.query<LanguageRow>(
    prepared(`SELECT l.lang_code, l.name, l.native_name FROM languages l
     LEFT JOIN language_popularity pop ON pop.lang_code = l.lang_code
     WHERE EXISTS (SELECT 1 FROM titles t WHERE t.lang_code = l.lang_code)
     ORDER BY coalesce(pop.reads, 0) DESC, l.curated_rank
     LIMIT $1`),
    [limit],
  );
  return rows.map((r) => toLanguage(r));
}

/** Every language, or (given a listing) only those the listing has titles in, so a language
 * picker never offers an empty page. */
export async function allLanguages(db: Queryable, listing?: Omit<ListFilter, 'page' | 'lang'>) {
  const { where, params } = listing ? listingWhere(listing) : { where: '', params: [] };
  const { rows } = await db.query<LanguageRow>(
    prepared(`SELECT l.lang_code, l.name, l.native_name FROM languages l
     ${listing ? `WHERE EXISTS (SELECT 1 FROM titles t WHERE t.lang_code = l.lang_code AND ${where})` : ''}
     ORDER BY l.curated_rank, l.name`),
    params,
  );
  return rows.map((r) => toLanguage(r));
}

export async function stores(db: Queryable) {
  const { rows } = await db.query<{ store_id: number; name: string; country: string }>(
    'SELECT store_id, name, country FROM stores ORDER BY store_id',
  );
  return rows;
}

const META_SQL = `SELECT t.mid, t.name, t.slug, t.publisher, t.type, t.cat_id, t.lang_code, t.frequency, t.description,
  t.is_gold AND NOT t.is_free AS is_gold, t.age_rating, t.blocked_countries, t.print_issn, t.online_issn, t.isbn, c.name AS category_name, c.name_hi AS category_name_hi, l.name AS language_name, l.native_name AS language_native FROM titles t
  JOIN categories c ON c.cat_id = t.cat_id JOIN languages l ON l.lang_code = t.lang_code`;

export async function titleMeta(db: Queryable, by: { mid: number } | { name: string }) {
  const { rows } =
    'mid' in by
      ? await db.query(prepared(`${META_SQL} WHERE t.mid = $1`), [by.mid])
      : await db.query(`${META_SQL} WHERE t.slug = $1 OR lower(t.name) = lower($1) ORDER BY t.mid LIMIT 1`, [by.name]);
  const t = rows[0];
  if (!t) return null;
  const latest = await issuesOf(db, t.mid, { limit: 1 });
  const editions = await db.query<CardRow>(
    prepared(`SELECT ${CARD_COLUMNS} FROM titles t ${LATEST_ISSUE_JOIN}
     WHERE t.publisher = $1 AND t.cat_id = $2 AND t.mid <> $3 AND t.lang_code <> $4 ORDER BY t.curated_rank LIMIT 6`),
    [t.publisher, t.cat_id, t.mid, t.lang_code],
  );
  return {
    mid: t.mid,
    name: t.name,
    key: t.slug,
    publisher: t.publisher,
    type: t.type,
    catId: t.cat_id,
    categoryName: t.category_name,
    categoryNameHi: t.category_name_hi,
    lang: t.lang_code,
    languageName: t.language_name,
    languageNativeName: t.language_native,
    frequency: t.frequency,
    description: t.description,
    isGold: t.is_gold,
    ageRating: t.age_rating,
    blockedCountries: t.blocked_countries,
    printIssn: t.print_issn,
    onlineIssn: t.online_issn,
    isbn: t.isbn,
    latestIssue: latest[0] ?? null,
    otherEditions: editions.rows.map(toCard),
  };
}

export async function issuesOf(db: Queryable, mid: number, o: { special?: boolean; before?: string; beforeId?: number; limit?: number }) {
  const params: unknown[] = [mid];
  let where = 'i.mid = $1';
  if (o.special) where += ' AND i.is_special';
  if (o.before && o.beforeId) {
    // After the last issue shown in the archive's order: no issue of the same date is lost.
    params.push(o.before, o.beforeId);
    where += ` AND (i.pub_date, i.issue_id) < ($${params.length - 1}::date, $${params.length}::int)`;
  } else if (o.before) {
    params.push(o.before);
    where += ` AND i.pub_date < $${params.length}`;
  }
  params.push(o.limit ?? 50);
  const { rows } = await db.query<IssueRow>(
    prepared(`SELECT ${ISSUE_COLUMNS} FROM issues i WHERE ${where} ORDER BY i.pub_date DESC, i.issue_id DESC LIMIT $${params.length}`),
    params,
  );
  return rows.map(toIssue);
}

export async function titleExists(db: Queryable, mid: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM titles WHERE mid = $1', [mid])).rows.length > 0;
}

export async function issueDetails(db: Queryable, issueId: number) {
  const { rows } = await db.query<IssueRow & CardRow>(
    `SELECT ${ISSUE_COLUMNS}, t.name, t.slug, t.type, t.cat_id, t.lang_code, t.is_gold, i.name AS issue_name
     FROM issues i JOIN titles t ON t.mid = i.mid WHERE i.issue_id = $1`,
    [issueId],
  );
  const r = rows[0];
  if (!r) return null;
  // The card shows this issue rather than the latest one.
  const issue = toIssue({ ...r, name: r.issue_name! });
  return { issue, magazine: toCard({ ...r, issue_id: r.issue_id }) };
}

/** A title as related titles are chosen by, in the order every title is kept in for them. */
interface RelatedCandidate {
  mid: number;
  type: string;
  catId: number;
  lang: string;
  ageRating: number;
}

/** Every title by its key, and each kind's titles in order of popularity. */
type RelatedOrder = { gen: number; byMid: Map<number, RelatedCandidate>; ofType: Map<string, RelatedCandidate[]> };
/** Kept per catalogue generation: picking five related titles in SQL sorted and numbered every
 * title of the kind (20-38 ms of PostgreSQL at 10,000 titles, most of a drawn title page), where a
 * pass over the kind's list takes a fraction of a millisecond. */
const relatedOrders = new WeakMap<Queryable, RelatedOrder>();
/** Reads in flight: a title page's readers after a change share one read of every title. */
const relatedReads = new WeakMap<Queryable, Promise<RelatedOrder>>();

function readRelatedOrder(db: Queryable) {
  let read = relatedReads.get(db);
  if (!read) {
    read = readAllRelated(db).finally(() => relatedReads.delete(db));
    relatedReads.set(db, read);
  }
  return read;
}

async function readAllRelated(db: Queryable): Promise<RelatedOrder> {
  // Not marked prepared: it runs once per catalogue generation, and the warm-up would have every
  // pooled connection read every title to prepare it (db/warm-connections.ts).
  const { rows } = await db.query<{ mid: number; type: string; cat_id: number; lang_code: string; age_rating: number; gen: number }>(
    `SELECT t.mid, t.type, t.cat_id, t.lang_code, t.age_rating, ${GEN_COLUMN}
     FROM titles t JOIN title_popularity tp ON tp.mid = t.mid ORDER BY ${POPULARITY_ORDER}`,
  );
  // An empty catalogue has no row to read the generation from: -1 is never current.
  const order: RelatedOrder = { gen: rows[0]?.gen ?? -1, byMid: new Map(), ofType: new Map() };
  for (const r of rows) {
    const title = { mid: r.mid, type: r.type, catId: r.cat_id, lang: r.lang_code, ageRating: r.age_rating };
    order.byMid.set(r.mid, title);
    const ofType = order.ofType.get(r.type);
    if (ofType) ofType.push(title);
    else order.ofType.set(r.type, [title]);
  }
  relatedOrders.set(db, order);
  return order;
}

/** Titles of the same kind as `mid`: same category first, then the same language, then the most
 * read (the order's). Null when `mid` is not in the order. */
function pickRelated(order: RelatedOrder, mid: number, first: number, size: number, excluded: number[], maxAge: number) {
  const me = order.byMid.get(mid);
  if (!me) return null;
  // Same category and language, same category, same language, the rest: each tier keeps no more
  // than the page needs, and every title counts for the number of pages.
  const tiers: number[][] = [[], [], [], []];
  const enough = first + size;
  let total = 0;
  for (const t of order.ofType.get(me.type)!) {
    if (t.mid === mid || t.ageRating > maxAge || excluded.includes(t.catId)) continue;
    total++;
    const tier = tiers[(t.catId === me.catId ? 0 : 2) + (t.lang === me.lang ? 0 : 1)];
    if (tier.length < enough) tier.push(t.mid);
  }
  return { mids: tiers.flat().slice(first, enough), total };
}

/** Titles of the same kind (magazine, newspaper, journal): same category first, then the same
 * language, then the most read, so even a small catalogue has related titles. */
export async function relatedTitles(db: Queryable, mid: number, page: number, v: Visibility, ageRate?: number) {
  const maxAge = ageRate && ageRate < AGE_RATE_APPLY_BELOW ? ageRate : Number.MAX_SAFE_INTEGER;
  let order = relatedOrders.get(db);
  // The kept order holds while the catalogue is at its generation; else it is read again, once.
  // An order read a moment before a change is answered as it is, with its cards as they are now.
  for (let tries = 0; ; tries++) {
    order ??= await readRelatedOrder(db);
    const pick = pickRelated(order, mid, page * RELATED_PAGE_SIZE, RELATED_PAGE_SIZE, excludedCategories(v), maxAge);
    const mids = pick?.mids ?? [];
    const cards = order.gen === (await generationNow(db)) ? await cardsAt(db, order.gen, mids) : null;
    if (cards || tries === 1) {
      const magazineList = cards ?? (mids.length ? keepCards(db, (await db.query<PageRow>(prepared(CARDS_BY_KEY), [mids])).rows) : []);
      return { magazineList, page, nbPages: Math.ceil((pick?.total ?? 0) / RELATED_PAGE_SIZE) };
    }
    order = undefined;
  }
}

export async function issuesInRange(db: Queryable, mid: number, from: string, to: string, page: number) {
  const size = LISTING_PAGE_SIZE;
  const paging = capPaging(0, size);
  if (page >= SEARCH_MAX_PAGES) return { edt_details: [], page, ...paging };
  const { rows } = await db.query<IssueRow & { total: number }>(
    `SELECT ${ISSUE_COLUMNS}, count(*) OVER () AS total FROM issues i
     WHERE i.mid = $1 AND i.pub_date BETWEEN $2 AND $3
     ORDER BY i.pub_date DESC, i.issue_id DESC LIMIT $4 OFFSET $5`,
    [mid, from, to, size, page * size],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    total = (
      await db.query<{ n: number }>('SELECT count(*)::int AS n FROM issues WHERE mid = $1 AND pub_date BETWEEN $2 AND $3', [mid, from, to])
    ).rows[0].n;
  }
  return { edt_details: rows.map(toIssue), page, ...capPaging(total, size) };
}
