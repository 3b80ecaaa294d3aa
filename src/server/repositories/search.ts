// Full-text search in Postgres itself: titles (names, publishers, descriptions) and page text,
// in English (stemmed) and any other script (the 'simple' parser), with prefix matching so
// results appear while the reader is still typing.
import type { Queryable } from '../db/index';
import { AGE_RATE_APPLY_BELOW, LISTING_PAGE_SIZE, SEARCH_MAX_PAGES } from '../../shared/constants';
import { SEARCH_PERIODS, type IssueTile, type SearchFilters } from '../../shared/schemas/content';
import { mediaUrl } from '../media/store';
import { excludedCategories, type Visibility } from './access';
import {
  CARD_COLUMNS,
  CARD_TITLE_COLUMNS,
  LATEST_ISSUE_JOIN,
  STORY_COLUMNS,
  STORY_JOINS,
  appLink,
  srcSet,
  toCard,
  toArticle,
  type CardRow,
  type StoryRow,
} from './cards';
import { capPaging } from './catalogue';
import { issuePath } from '../../shared/title-paths';
import { CJK_RUN, searchText } from '../../shared/search-text';
import { floatingIcon } from '../../shared/floating-icon';

/** Words of a query: letters, marks and digits of any script, at most 8. */
const queryWords = (q: string) =>
  searchText(q)
    .toLowerCase()
    .match(/[\p{L}\p{M}\p{N}]+/gu)
    ?.slice(0, 8) ?? [];

/** A run of Chinese or Japanese as the two-character pieces page text is indexed by; one
 * character alone is a prefix of them. */
function cjkQuery(run: string): string {
  const chars = [...run];
  if (chars.length === 1) return `${run}:*`;
  return chars
    .slice(0, -1)
    .map((c, i) => c + chars[i + 1])
    .join(' & ');
}

/** Words of a query as a prefix tsquery string. */
export function prefixQuery(q: string): string | null {
  const parts = queryWords(q).flatMap((w) => w.split(CJK_RUN).filter(Boolean));
  return parts.length ? parts.map((p) => (CJK_RUN.test(p) ? cjkQuery(p) : `${p}:*`)).join(' & ') : null;
}

// $1 = raw text, $2 = prefix query: english stems OR simple prefixes.
const TSQ = `(websearch_to_tsquery('english', $1) || to_tsquery('simple', $2))`;

export interface SearchFilter extends SearchFilters {
  visibility: Visibility;
  storeId: number;
  ageRate?: number;
  page: number;
}

/** The titles a search may answer with. `issueDate` is the date the `since` filter applies to
 * (a page hit's issue); without it, the title's newest issue. */
function filters(f: SearchFilter, params: unknown[], issueDate?: string): string {
  params.push(excludedCategories(f.visibility), f.storeId);
  const where = [`NOT (t.cat_id = ANY($${params.length - 1}))`, `$${params.length} = ANY(t.store_ids)`];
  if (f.ageRate && f.ageRate < AGE_RATE_APPLY_BELOW) {
    params.push(f.ageRate);
    where.push(`t.age_rating <= $${params.length}`);
  }
  if (f.type) {
    params.push(f.type);
    where.push(`t.type = $${params.length}`);
  }
  if (f.lang) {
    params.push(f.lang);
    where.push(`t.lang_code = $${params.length}`);
  }
  if (f.since) {
    params.push(SEARCH_PERIODS[f.since]);
    const since = `current_date - $${params.length}::int`;
    where.push(
      issueDate
        ? `${issueDate} >= ${since}`
        : `EXISTS (SELECT 1 FROM title_latest l WHERE l.mid = t.mid AND l.newest_pub_date >= ${since})`,
    );
  }
  return where.join(' AND ');
}

const empty = (page: number) => ({ items: [], page, nbPages: 0, nbHits: 0 });

// Title tiers: the whole name (normalised by the SQL function name_key), then names starting with
// the query, then names with a word starting with it, then the rest (description, publisher).
// $3 = raw text.
const NAME_TIER = `CASE WHEN t.name_key = name_key($3) THEN 0 WHEN starts_with(t.name_key, name_key($3)) THEN 1
  WHEN strpos(t.name_key, ' ' || name_key($3)) > 0 THEN 2 ELSE 3 END`;

// Names containing the query: LIKE (its wildcards escaped) rather than strpos, so that the
// trigram index on name_key can answer it beside the text index, instead of a scan of every title.
const NAME_CONTAINS = String.raw`'%' || replace(replace(replace(name_key($3), '', '\'), '%', '\%'), '_', '\_') || '%'`;

/** Title search: name matches first (exact, prefix, word prefix), then full-text matches. */
export async function searchTitles(db: Queryable, query: string, f: SearchFilter) {
  const q = searchText(query);
  const pq = prefixQuery(q);
  if (!pq || f.page >= SEARCH_MAX_PAGES) return empty(f.page);
  const params: unknown[] = [q, pq, q];
  const where = filters(f, params);
  params.push(LISTING_PAGE_SIZE, f.page * LISTING_PAGE_SIZE);
  const { rows } = await db.query<CardRow & { total: number }>(
    `WITH hits AS (
       SELECT ${CARD_TITLE_COLUMNS}, count(*) OVER () AS total,
         row_number() OVER (ORDER BY ${NAME_TIER}, ts_rank(t.search, ${TSQ}) DESC, similarity(t.name_key, name_key($3)) DESC, t.curated_rank, t.mid) AS rn
       FROM titles t
       WHERE (t.search @@ ${TSQ} OR t.name_key LIKE ${NAME_CONTAINS}) AND ${where}
       ORDER BY rn LIMIT $${params.length - 1} OFFSET $${params.length}
     )
     SELECT ${CARD_COLUMNS}, t.total FROM hits t ${LATEST_ISSUE_JOIN} ORDER BY t.rn`,
    params,
  );
  const total = rows[0]?.total ?? 0;
  const didYouMean = total === 0 && f.page === 0 ? await nearestTitle(db, q, f) : undefined;
  const spelling = total === 0 && f.page === 0 ? await suggestSpelling(db, q) : undefined;
  return {
    items: rows.map(toCard),
    page: f.page,
    ...capPaging(total, LISTING_PAGE_SIZE),
    ...(didYouMean && { didYouMean }),
    ...(spelling && { spelling }),
  };
}

/** Edit distance (insert, delete, substitute one code point). */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[y.length];
}

/** A near miss: at most one edit in four characters (a typo or two in a name). */
const NEAR = 0.25;

/** "Did you mean": the visible title whose name is nearest to the query by edit distance, among
 * names alike by trigrams or sharing a word with it (pg_trgm sees no letters in Devanagari under
 * the C locale, so shared words find those candidates). Both sides in the name_key form. */
async function nearestTitle(db: Queryable, q: string, f: SearchFilter): Promise<string | undefined> {
  const params: unknown[] = [q, queryWords(q).join(' | ') || 'x'];
  const where = filters({ ...f, page: 0 }, params);
  // Each way of being alike from its own index (UNION): with OR, PostgreSQL (PGlite most of all)
  // read every title and worked out its similarity.
  const { rows } = await db.query<{ name: string; key: string; q: string }>(
    `SELECT c.name, c.key, name_key($1) AS q FROM (
       SELECT t.name, t.name_key AS key, t.curated_rank, t.mid FROM titles t WHERE t.name_key % name_key($1) AND ${where}
       UNION
       SELECT t.name, t.name_key, t.curated_rank, t.mid FROM titles t WHERE t.search @@ to_tsquery('simple', $2) AND ${where}
     ) c
     ORDER BY similarity(c.key, name_key($1)) DESC, c.curated_rank, c.mid LIMIT 50`,
    params,
  );
  let best: { name: string; score: number } | undefined;
  for (const r of rows) {
    const head = r.key.split(' ').slice(0, r.q.split(' ').length).join(' ');
    // the whole name, or its first words when the query names only those (a tie prefers the whole name)
    const score = Math.min(editDistance(r.q, r.key), editDistance(r.q, head) + 0.5) / Math.max([...r.q].length, 1);
    if (score <= NEAR && (!best || score < best.score)) best = { name: r.name, score };
  }
  return best?.name;
}

/** The most edits a known word may be from a misspelt one: one in a short word, two from seven letters. */
const maxEdits = (length: number) => (length >= 7 ? 2 : 1);

/** Known words looked at per unknown word: trigram neighbours, and for words pg_trgm cannot read
 * (Devanagari and other non-ASCII scripts) the commonest words with its first letter and length. */
const SPELLING_CANDIDATES = 300;

/** "Did you mean" for words: the query with each word that is on no page and in no title name
 * (nor the start of one: search matches prefixes) replaced by the nearest known word, by edit
 * distance, the commoner on a tie. Undefined when no word changes. */
export async function suggestSpelling(db: Queryable, query: string): Promise<string | undefined> {
  const words = queryWords(searchText(query)).map((w) => w.normalize('NFC'));
  const checkable = [...new Set(words.filter((w) => [...w].length >= 3 && !CJK_RUN.test(w) && !/\d/u.test(w)))];
  if (!checkable.length) return undefined;
  const { rows: known } = await db.query<{ w: string }>(
    `SELECT q.w FROM unnest($1::text[]) AS q(w)
     WHERE EXISTS (SELECT 1 FROM search_words s WHERE s.word >= q.w AND s.word < q.w || chr(1114111))`,
    [checkable],
  );
  const unknown = checkable.filter((w) => !known.some((k) => k.w === w));
  if (!unknown.length) return undefined;
  const { rows } = await db.query<{ q: string; word: string; n: number }>(
    `SELECT q.w AS q, c.word, c.n FROM unnest($1::text[]) AS q(w) CROSS JOIN LATERAL (
       (SELECT s.word, s.n FROM search_words s WHERE s.word % q.w ORDER BY similarity(s.word, q.w) DESC, s.n DESC LIMIT $2)
       UNION
       (SELECT s.word, s.n FROM search_words s
        WHERE octet_length(q.w) > char_length(q.w) AND left(s.word, 1) = left(q.w, 1)
          AND char_length(s.word) BETWEEN char_length(q.w) - 2 AND char_length(q.w) + 2
        ORDER BY s.n DESC LIMIT $2)
     ) c`,
    [unknown, SPELLING_CANDIDATES],
  );
  const fixes = new Map<string, { word: string; edits: number; n: number }>();
  for (const r of rows) {
    const edits = editDistance(r.q, r.word);
    if (edits > maxEdits([...r.q].length)) continue;
    const best = fixes.get(r.q);
    if (!best || edits < best.edits || (edits === best.edits && r.n > best.n)) fixes.set(r.q, { word: r.word, edits, n: r.n });
  }
  if (!fixes.size) return undefined;
  return words.map((w) => fixes.get(w)?.word ?? w).join(' ');
}

interface TileRow {
  issue_id: number;
  mid: number;
  mag_name: string;
  issue_name: string;
  is_special: boolean;
  fin: number;
  cover_1x: string | null;
  cover_2x: string | null;
  cover_3x: string | null;
  hits: { page: number; _highLight: string }[] | null;
}

/** Page hits shown per issue tile; `fin` still counts them all. */
const HITS_PER_TILE = 10;

// The page text a snippet quotes: without the running header (a short first line ending in the
// page's number, e.g. "Title · Issue · 2"), on one line, escaped before ts_headline adds <mark>
// (the snippet is rendered as HTML). Two short fragments fill the tile's two or three lines.
const BODY = String.raw`regexp_replace(regexp_replace(p.text, '^([^\n]{0,120}\D)?' || p.page_no || '\s*\n', ''), '\s+', ' ', 'g')`;
const HEADLINE = `ts_headline('simple', replace(replace(replace(${BODY}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), ${TSQ},
  'StartSel=<mark>, StopSel=</mark>, MaxWords=18, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "')`;

function toTile(r: TileRow): IssueTile {
  return {
    issueId: r.issue_id,
    magId: r.mid,
    magName: r.mag_name,
    issueName: r.issue_name,
    imgPath: mediaUrl(r.cover_2x),
    imageSrc: mediaUrl(r.cover_1x),
    imageSrcSet: srcSet(r.cover_1x, r.cover_2x, r.cover_3x),
    pages: r.hits ?? [],
    fin: r.fin,
    browserLinkUrl: issuePath(r.mid, r.mag_name, r.issue_id),
    appLinkUrl: appLink(issuePath(r.mid, r.mag_name, r.issue_id)),
    ...floatingIcon(r.is_special),
  };
}

const TILE_SELECT = `SELECT h.issue_id, i.mid, t.name AS mag_name, i.name AS issue_name, i.is_special, h.fin, i.cover_1x, i.cover_2x, i.cover_3x,
  (SELECT json_agg(json_build_object('page', x.page_no, '_highLight', x.hl) ORDER BY x.page_no) FROM (
     SELECT p.page_no, ${HEADLINE} AS hl FROM pages p
     WHERE p.issue_id = h.issue_id AND p.search @@ ${TSQ} ORDER BY p.page_no LIMIT ${HITS_PER_TILE}) x) AS hits`;

/** Page-text search: one tile per matching issue, newest first, with highlighted page snippets.
 * Issues are found through issue_search (one row per issue, migration 021), newest first: ranking
 * every matching page took seconds when a word is on most of them. The count comes first and
 * stops where the shown total is capped; it decides the plan of the page, because the planner
 * cannot tell a rare prefix from a common one: a common word walks issues by date and stops after
 * a page of them, a rarer one takes its few issues from the GIN index and sorts them. */
export async function searchPages(db: Queryable, query: string, f: SearchFilter) {
  const q = searchText(query);
  const pq = prefixQuery(q);
  if (!pq || f.page >= SEARCH_MAX_PAGES) return empty(f.page);
  const params: unknown[] = [q, pq];
  const where = filters(f, params, 's.pub_date');
  const size = LISTING_PAGE_SIZE;
  const cap = SEARCH_MAX_PAGES * size;
  const matching = `SELECT s.issue_id, s.pub_date FROM issue_search s JOIN titles t ON t.mid = s.mid WHERE s.search @@ ${TSQ} AND ${where}`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${matching} LIMIT $${params.length + 1}) x`, [
    ...params,
    cap + 1,
  ]);
  const total = count.rows[0].n;
  if (total <= f.page * size) return { ...empty(f.page), ...capPaging(total, size) };
  // OFFSET 0 keeps the rare word's ORDER BY from being pushed into the scan of issue_search.
  const source = total > cap ? `(${matching})` : `(${matching} OFFSET 0)`;
  const { rows } = await db.query<TileRow>(
    `WITH h AS (
       SELECT m.issue_id, m.pub_date, (SELECT count(*)::int FROM pages p WHERE p.issue_id = m.issue_id AND p.search @@ ${TSQ}) AS fin
       FROM ${source} m ORDER BY m.pub_date DESC, m.issue_id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}
     )
     ${TILE_SELECT} FROM h JOIN issues i ON i.issue_id = h.issue_id JOIN titles t ON t.mid = i.mid
     ORDER BY h.pub_date DESC, h.issue_id DESC`,
    [...params, size, f.page * size],
  );
  return { items: rows.map(toTile), page: f.page, ...capPaging(total, size) };
}

/** Discover: the page hits of one issue. Null when the issue does not exist (or its title is
 * above the age rating given). */
export async function searchInIssue(db: Queryable, query: string, issueId: number, ageRate?: number): Promise<IssueTile | null> {
  const q = searchText(query);
  const pq = prefixQuery(q) ?? '';
  const { rows } = await db.query<TileRow>(
    `WITH h AS (
       SELECT i.issue_id, (SELECT count(*)::int FROM pages p WHERE p.issue_id = i.issue_id AND ${pq ? `p.search @@ ${TSQ}` : 'false'}) AS fin
       FROM issues i WHERE i.issue_id = $3
     )
     ${TILE_SELECT} FROM h JOIN issues i ON i.issue_id = h.issue_id JOIN titles t ON t.mid = i.mid
     WHERE t.age_rating <= $4`,
    [q, pq || 'x', issueId, ageRate && ageRate < AGE_RATE_APPLY_BELOW ? ageRate : 2147483647],
  );
  return rows[0] ? toTile(rows[0]) : null;
}

/** Discover on a story result: the passages of its text that match (escaped, hits in <mark>) and
 * the page hits of the issue it was printed in. Null when the story is unknown or above the age
 * rating given. */
export async function discoverInStory(db: Queryable, query: string, url: string, ageRate?: number) {
  const q = searchText(query);
  const pq = prefixQuery(q) ?? '';
  const body = String.raw`replace(replace(replace(regexp_replace(s.body, '\s+', ' ', 'g'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;
  const { rows } = await db.query<{ issue_id: number | null; passage: string }>(
    `SELECT s.issue_id, ts_headline('simple', ${body}, ${TSQ},
       'StartSel=<mark>, StopSel=</mark>, MaxWords=24, MinWords=10, MaxFragments=3, FragmentDelimiter=" … "') AS passage
     FROM stories s WHERE s.canonical_url = $3 AND s.age_rating <= $4`,
    [q, pq || 'x', url, ageRate && ageRate < AGE_RATE_APPLY_BELOW ? ageRate : 2147483647],
  );
  const story = rows[0];
  if (!story) return null;
  // (ts_headline quotes the text's start when nothing in it matches: only passages with a hit count)
  const passages = pq ? story.passage.split(' … ').filter((p) => p.includes('<mark>')) : [];
  const tile = story.issue_id ? await searchInIssue(db, query, story.issue_id, ageRate) : null;
  return { passages, tile };
}

/** Article search: stories whose title or text match, best first, 20 a page. */
export async function searchStories(
  db: Queryable,
  query: string,
  page: number,
  ageRate?: number,
  only: Pick<SearchFilters, 'lang' | 'since'> = {},
) {
  const q = searchText(query);
  const pq = prefixQuery(q);
  if (!pq || page >= SEARCH_MAX_PAGES) return { Articles: [], page, nbPages: 0, nbHits: 0 };
  const params: unknown[] = [q, pq];
  let where = `s.search @@ ${TSQ}`;
  if (ageRate && ageRate < AGE_RATE_APPLY_BELOW) {
    params.push(ageRate);
    where += ` AND s.age_rating <= $${params.length}`;
  }
  if (only.lang) {
    params.push(only.lang);
    where += ` AND s.lang_code = $${params.length}`;
  }
  if (only.since) {
    params.push(SEARCH_PERIODS[only.since]);
    where += ` AND s.published_at >= current_date - $${params.length}::int`;
  }
  params.push(LISTING_PAGE_SIZE, page * LISTING_PAGE_SIZE);
  const { rows } = await db.query<StoryRow & { total: number }>(
    `SELECT ${STORY_COLUMNS}, count(*) OVER () AS total FROM stories s ${STORY_JOINS}
     WHERE ${where} ORDER BY ts_rank(s.search, ${TSQ}) DESC, s.published_at DESC, s.id
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const total = rows[0]?.total ?? 0;
  return { Articles: rows.map(toArticle), page, ...capPaging(total, LISTING_PAGE_SIZE) };
}
