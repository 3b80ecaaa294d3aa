// Stories and articles (section sec_60).
import type { Queryable } from '../db/index';
import { prepared } from '../db/prepared';
import { AGE_RATE_APPLY_BELOW, LISTING_PAGE_SIZE } from '../../shared/constants';
import type { ArticleDetailsQuery, Story } from '../../shared/schemas/stories';
import { mediaUrl } from '../media/store';
import { capPaging } from './catalogue';
import { STORY_COLUMNS, STORY_JOINS, toArticle, toStory, type StoryRow } from './cards';

export async function storiesOfIssue(db: Queryable, issueId: number, ageRating?: number) {
  const params: unknown[] = [issueId];
  let where = 's.issue_id = $1';
  if (ageRating && ageRating < AGE_RATE_APPLY_BELOW) {
    params.push(ageRating);
    where += ' AND s.age_rating <= $2';
  }
  const { rows } = await db.query<StoryRow>(
    `SELECT ${STORY_COLUMNS} FROM stories s ${STORY_JOINS} WHERE ${where} ORDER BY s.published_at DESC`,
    params,
  );
  return rows.map(toArticle);
}

export async function storiesByCategory(db: Queryable, category: string, limit: number, ageRating?: number) {
  const params: unknown[] = [category, limit];
  const age = ageFilter(ageRating, params);
  const { rows } = await db.query<StoryRow>(
    prepared(`SELECT ${STORY_COLUMNS} FROM stories s ${STORY_JOINS} WHERE s.category = $1${age} ORDER BY s.published_at DESC LIMIT $2`),
    params,
  );
  return rows.map(toStory);
}

export async function issueExists(db: Queryable, issueId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM issues WHERE issue_id = $1', [issueId])).rows.length > 0;
}

const ageFilter = (ageRating: number | undefined, params: unknown[]) => {
  if (!ageRating || ageRating >= AGE_RATE_APPLY_BELOW) return '';
  params.push(ageRating);
  return ` AND s.age_rating <= $${params.length}`;
};

/** A category of a section, newest first, 20 a page; with every category and its count. */
export async function storiesPage(db: Queryable, f: { category: string; section: string; page: number; ageRating?: number }) {
  const params: unknown[] = [f.section, f.category];
  const age = ageFilter(f.ageRating, params);
  params.push(LISTING_PAGE_SIZE, f.page * LISTING_PAGE_SIZE);
  const [list, categories] = await Promise.all([
    db.query<StoryRow & { total: number }>(
      `SELECT ${STORY_COLUMNS}, count(*) OVER () AS total FROM stories s ${STORY_JOINS}
       WHERE s.section = $1 AND s.category = $2${age} ORDER BY s.published_at DESC, s.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    ),
    db.query<{ slug: string; count: number }>(
      `SELECT category AS slug, count(*)::int AS count FROM stories WHERE section = $1 GROUP BY category
       ORDER BY (category = 'Cover-Stories') DESC, (category = 'Latest') DESC, count(*) DESC, category`,
      [f.section],
    ),
  ]);
  const total = list.rows[0]?.total ?? 0;
  return { items: list.rows.map(toStory), page: f.page, ...capPaging(total, LISTING_PAGE_SIZE), categories: categories.rows };
}

/** The canonical url /article/details names: its articleUrl when that is a story; else the newest
 * story of that name, in the title and category given (each only when given). */
export async function articleUrlFor(db: Queryable, q: ArticleDetailsQuery): Promise<string | null> {
  const { rows } = await db.query<{ canonical_url: string }>(
    `SELECT s.canonical_url FROM stories s LEFT JOIN titles t ON t.mid = s.mid
     WHERE s.canonical_url = $1
        OR (s.title = $2 AND ($3::text IS NULL OR t.name = $3) AND ($4::text IS NULL OR s.category = $4))
     ORDER BY s.canonical_url = $1 DESC, s.published_at DESC LIMIT 1`,
    [q.articleUrl ?? null, q.articleName ?? null, q.magazineName ?? null, q.category ?? null],
  );
  return rows[0]?.canonical_url ?? null;
}

/** One story by its canonical url, with more stories from the same title. Null when unknown (or
 * above the age rating given). */
export async function storyByUrl(db: Queryable, url: string, ageRating?: number): Promise<Story | null> {
  const params: unknown[] = [url];
  const age = ageFilter(ageRating, params);
  const { rows } = await db.query<StoryRow & { body: string; mid: number | null; issue_id: number | null }>(
    `SELECT ${STORY_COLUMNS}, s.body, s.mid, s.issue_id FROM stories s ${STORY_JOINS} WHERE s.canonical_url = $1${age}`,
    params,
  );
  const r = rows[0];
  if (!r) return null;
  const moreParams: unknown[] = [r.mid, url];
  const more =
    r.mid === null
      ? { rows: [] as StoryRow[] }
      : await db.query<StoryRow>(
          `SELECT ${STORY_COLUMNS} FROM stories s ${STORY_JOINS} WHERE s.mid = $1 AND s.canonical_url <> $2${ageFilter(ageRating, moreParams)} ORDER BY s.published_at DESC LIMIT 6`,
          moreParams,
        );
  return {
    ...toArticle(r),
    canonicalUrl: r.canonical_url,
    paragraphs: r.body
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    mid: r.mid,
    issueId: r.issue_id,
    // The article page shows the cover whatever its format (the .jpg rule is for tiles).
    coverImage: mediaUrl(r.cover),
    moreFromTitle: more.rows.map(toStory),
  };
}

// Devanagari's combining marks. Story URLs made before slugs kept them had each run of marks and
// hyphens as one hyphen ('स-वच-छ-ऊर-ज-क-द-ड-4' for 'स्वच्छ-ऊर्जा-की-दौड़-4').
const DEVANAGARI_MARKS = '\u0900-\u0903\u093A-\u094F\u0951-\u0957\u0962\u0963';

/** The story an old URL (vowel signs lost) names: its canonical url now, or null. Only asked for
 * a URL with Devanagari letters and no marks, and only stories with Devanagari in theirs are read. */
export async function storyUrlForOldSlug(db: Queryable, url: string): Promise<string | null> {
  if (!/[\u0915-\u0939]/.test(url) || new RegExp(`[${DEVANAGARI_MARKS}]`).test(url)) return null;
  const { rows } = await db.query<{ canonical_url: string }>(
    `SELECT canonical_url FROM stories
     WHERE canonical_url ~ '[${DEVANAGARI_MARKS}]'
       AND btrim(regexp_replace(canonical_url, '[-${DEVANAGARI_MARKS}]+', '-', 'g'), '-') = $1
     ORDER BY published_at DESC LIMIT 1`,
    [url],
  );
  return rows[0]?.canonical_url ?? null;
}
