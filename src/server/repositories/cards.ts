// Row → API shape mapping shared by every catalogue query, and the SQL that produces the rows.
import type { Article, Category, Issue, Language, MagazineCard, StoryTile } from '../../shared/schemas/content';
import { mediaUrl } from '../media/store';
import { titlePath } from '../../shared/title-paths';
import { floatingIcon } from '../../shared/floating-icon';

/** Select list for a title card; expects `t` = titles and `li` = its latest regular issue. */
export const CARD_COLUMNS = `t.mid, t.name, t.slug, t.type, t.cat_id, t.lang_code, t.is_gold, t.is_free,
  li.issue_id, li.name AS issue_name, li.pub_date, li.cover_1x, li.cover_2x, li.cover_3x`;

/** The title columns a card needs, for subqueries that CARD_COLUMNS then reads (not t.*: a title
 * row also carries its search vector and description). */
export const CARD_TITLE_COLUMNS = 't.mid, t.name, t.slug, t.type, t.cat_id, t.lang_code, t.is_gold, t.is_free';

/** The latest regular issue, kept per title by a trigger on issues (migration 021). */
export const LATEST_ISSUE_JOIN = 'LEFT JOIN title_latest li ON li.mid = t.mid';

export interface CardRow {
  mid: number;
  name: string;
  slug: string;
  type: MagazineCard['type'];
  cat_id: number;
  lang_code: string;
  is_gold: boolean;
  is_free: boolean;
  issue_id: number | null;
  issue_name: string | null;
  pub_date: string | null;
  cover_1x: string | null;
  cover_2x: string | null;
  cover_3x: string | null;
}

export function srcSet(c1: string | null, c2: string | null, c3: string | null): string | null {
  if (!c1) return null;
  return [c1 && `${mediaUrl(c1)} 1x`, c2 && `${mediaUrl(c2)} 2x`, c3 && `${mediaUrl(c3)} 3x`].filter(Boolean).join(', ');
}

/** appLinkUrl (spec §3) leaves here as the page's path; the content service makes it absolute on
 * PUBLIC_URL (routes/content/app-links.ts), the host the store apps claim. */
export const appLink = (path: string) => path;

export function toCard(r: CardRow): MagazineCard {
  return {
    mid: r.mid,
    name: r.name,
    key: r.slug,
    type: r.type,
    catId: r.cat_id,
    lang: r.lang_code,
    // Gold marks what a plan unlocks: a title free to everyone carries no such badge.
    isGold: r.is_gold && !r.is_free,
    issueId: r.issue_id,
    issueName: r.issue_name,
    pubDate: r.pub_date,
    imgPath: mediaUrl(r.cover_2x),
    imageSrc: mediaUrl(r.cover_1x),
    imageSrcSet: srcSet(r.cover_1x, r.cover_2x, r.cover_3x),
    browserLinkUrl: titlePath(r.mid, r.name),
  };
}

export const ISSUE_COLUMNS = 'i.issue_id, i.mid, i.name, i.pub_date, i.is_special, i.page_count, i.cover_1x, i.cover_2x, i.cover_3x, i.doi';
export interface IssueRow {
  issue_id: number;
  mid: number;
  name: string;
  pub_date: string;
  is_special: boolean;
  page_count: number;
  cover_1x: string | null;
  cover_2x: string | null;
  cover_3x: string | null;
  doi: string | null;
}

export function toIssue(r: IssueRow): Issue {
  return {
    issueId: r.issue_id,
    magId: r.mid,
    editionId: r.issue_id,
    issueName: r.name,
    pubDate: r.pub_date,
    editionPublished: r.pub_date,
    isSpecial: r.is_special,
    pages: r.page_count,
    imgPath: mediaUrl(r.cover_2x),
    imageSrc: mediaUrl(r.cover_1x),
    imageSrcSet: srcSet(r.cover_1x, r.cover_2x, r.cover_3x),
    doi: r.doi,
    ...floatingIcon(r.is_special),
  };
}

export interface CategoryRow {
  cat_id: number;
  name: string;
  name_hi: string | null;
  slug: string;
  image: string | null;
}
export function toCategory(r: CategoryRow): Category {
  return {
    catId: r.cat_id,
    name: r.name,
    nameHi: r.name_hi,
    slugData: r.slug,
    imgPath: mediaUrl(r.image),
    is_fav: false,
    browserLinkUrl: `/magazines/${r.cat_id}`,
    appLinkUrl: appLink(`/magazines/${r.cat_id}`),
  };
}

export interface LanguageRow {
  lang_code: string;
  name: string;
  native_name: string;
}
export function toLanguage(r: LanguageRow, storeId = 1): Language {
  return {
    lang_code: r.lang_code,
    _lang: r.name,
    nativeName: r.native_name,
    store_id: storeId,
    browserLinkUrl: `/magazines/BS/${r.lang_code}`,
    appLinkUrl: appLink(`/magazines/BS/${r.lang_code}`),
  };
}

export const STORY_COLUMNS = `s.canonical_url, s.title, s.subtitle, s.short_desc, s.read_time_s, s.is_news, s.published_at,
  s.category, s.cover, s.lang_code, i.name AS issue_name, t.name AS mag_name`;
export const STORY_JOINS = 'LEFT JOIN issues i ON i.issue_id = s.issue_id LEFT JOIN titles t ON t.mid = s.mid';
export interface StoryRow {
  canonical_url: string;
  title: string;
  subtitle: string;
  short_desc: string;
  read_time_s: number;
  is_news: boolean;
  published_at: Date;
  category: string;
  cover: string | null;
  lang_code: string;
  issue_name: string | null;
  mag_name: string | null;
}
export function toStory(r: StoryRow): StoryTile {
  return {
    title: r.title,
    subTitle: r.subtitle,
    shortDesc: r.short_desc,
    issueName: r.issue_name,
    magName: r.mag_name,
    imgPath: mediaUrl(r.cover),
    readTime: r.read_time_s,
    isNews: r.is_news,
    publishedAt: new Date(r.published_at).toISOString(),
    category: r.category,
    browserLinkUrl: `/stories/${r.canonical_url}`,
    appLinkUrl: appLink(`/stories/${r.canonical_url}`),
    lang: r.lang_code,
  };
}

/** A story as an article answer gives it: the tile and spec §3's Article fields. */
export function toArticle(r: StoryRow): Article {
  return {
    ...toStory(r),
    magname: r.mag_name,
    time_read: r.read_time_s,
    canon_url: r.canonical_url,
    short_desc: r.short_desc,
    issuename: r.issue_name,
    shoppable: false,
    base_img: mediaUrl(r.cover),
  };
}
