// The content service contract (/content/...): query schemas the server validates with, and
// the response shapes the app parses with. Names follow spec §3 and §7.
import { z } from 'zod';
import { DEFAULT_STORE_ID, QUICK_CATEGORY_CODES } from '../constants';
import { flag, int, isoDate, line } from './fields';

// ---------- shared pieces ----------

/** Three view images at 1x, 2x, 3x: `imageSrc` is the 1x, `imageSrcSet` the srcset string. */
export const MagazineCard = z.object({
  mid: z.number(),
  name: z.string(),
  key: z.string(), // the name slug
  type: z.enum(['magazine', 'newspaper', 'journal']),
  catId: z.number(),
  lang: z.string(),
  isGold: z.boolean(),
  issueId: z.number().nullable(),
  issueName: z.string().nullable(),
  pubDate: z.string().nullable(),
  imgPath: z.string().nullable(),
  imageSrc: z.string().nullable(),
  imageSrcSet: z.string().nullable(),
  browserLinkUrl: z.string(), // /magazine/{mid}-{Name-Slug} (shared/title-paths.ts)
});
export type MagazineCard = z.infer<typeof MagazineCard>;

export const Category = z.object({
  catId: z.number(),
  name: z.string(),
  nameHi: z.string().nullable(),
  slugData: z.string(),
  imgPath: z.string().nullable(),
  is_fav: z.boolean(),
  browserLinkUrl: z.string(), // /magazines/{catId}
  appLinkUrl: z.string(), // the same page as an absolute link a store app opens (spec §3)
});
export type Category = z.infer<typeof Category>;

export const Language = z.object({
  lang_code: z.string(),
  _lang: z.string(), // English name
  nativeName: z.string(),
  store_id: z.number(),
  browserLinkUrl: z.string(), // /magazines/BS/{lang_code}
  appLinkUrl: z.string(),
});
export type Language = z.infer<typeof Language>;

export const Store = z.object({ store_id: z.number(), name: z.string(), country: z.string() });
export type Store = z.infer<typeof Store>;

/** The floating icon of spec §3 (shared/floating-icon.ts says what it marks). */
const FloatingIconFields = {
  showFloatingIcon: z.boolean(),
  floatingImgSrc: z.string().nullable(),
  floatingImgAltText: z.string().nullable(),
};

export const Issue = z.object({
  issueId: z.number(),
  magId: z.number(),
  editionId: z.number(),
  issueName: z.string(),
  pubDate: z.string(),
  editionPublished: z.string(),
  isSpecial: z.boolean(),
  pages: z.number(),
  imgPath: z.string().nullable(),
  imageSrc: z.string().nullable(),
  imageSrcSet: z.string().nullable(),
  /** the issue's DOI (lower case), where it has one; absent in issues saved before it was sent */
  doi: z.string().nullable().optional(),
  ...FloatingIconFields,
});
export type Issue = z.infer<typeof Issue>;

export const MagazineMeta = z.object({
  mid: z.number(),
  name: z.string(),
  key: z.string(),
  publisher: z.string(),
  type: z.enum(['magazine', 'newspaper', 'journal']),
  catId: z.number(),
  categoryName: z.string(),
  categoryNameHi: z.string().nullable(),
  lang: z.string(),
  languageName: z.string(),
  languageNativeName: z.string(),
  frequency: z.string(),
  description: z.string(),
  isGold: z.boolean(),
  ageRating: z.number(),
  blockedCountries: z.array(z.string()),
  /** standard identifiers (shared/identifiers.ts), null where the title has none */
  printIssn: z.string().nullable().optional(),
  onlineIssn: z.string().nullable().optional(),
  isbn: z.string().nullable().optional(),
  latestIssue: Issue.nullable(),
  otherEditions: z.array(MagazineCard), // same publisher and name family, other languages
});
export type MagazineMeta = z.infer<typeof MagazineMeta>;

export const PageHit = z.object({ page: z.number(), _highLight: z.string() });

/** Discover tile data: page-level hits inside one issue. */
export const IssueTile = z.object({
  issueId: z.number(),
  magId: z.number(),
  magName: z.string(),
  issueName: z.string(),
  imgPath: z.string().nullable(),
  imageSrc: z.string().nullable(),
  imageSrcSet: z.string().nullable(),
  pages: z.array(PageHit),
  fin: z.number(), // number of pages that match
  browserLinkUrl: z.string(),
  appLinkUrl: z.string(),
  ...FloatingIconFields,
});
export type IssueTile = z.infer<typeof IssueTile>;

export const StoryTile = z.object({
  title: z.string(),
  subTitle: z.string(),
  shortDesc: z.string(),
  issueName: z.string().nullable(),
  magName: z.string().nullable(),
  imgPath: z.string().nullable(),
  readTime: z.number(), // seconds
  isNews: z.boolean(),
  publishedAt: z.string(), // ISO timestamp
  category: z.string(),
  browserLinkUrl: z.string(), // /stories/{canonical url}
  appLinkUrl: z.string(),
  lang: z.string(), // the story's language: its words say it (a screen reader, the Devanagari font)
});
export type StoryTile = z.infer<typeof StoryTile>;

/** Spec §3's Article, in the answers that list articles (an issue's, article search, the article
 * page): the story tile with the spec's field names beside the camelCase ones, so a client written
 * to the spec reads them as named. `time_read` is seconds, as `readTime`; `base_img` the cover
 * whatever its format; `shoppable` is always false (Lectern sells nothing from inside a story). */
export const Article = StoryTile.extend({
  magname: z.string().nullable(),
  time_read: z.number(),
  canon_url: z.string(),
  short_desc: z.string(),
  issuename: z.string().nullable(),
  shoppable: z.boolean(),
  base_img: z.string().nullable(),
});
export type Article = z.infer<typeof Article>;

export const Paged = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), page: z.number(), nbPages: z.number(), nbHits: z.number() });

// ---------- requests ----------

/** Spec §7 `gold=1` (the app sends it): the catalogue of a subscription reader. Every Lectern title
 * is read under a subscription (institution, plan or zone), so it narrows nothing; `isGold` on a
 * card is the badge. Anything but '0' or '1' is a 400, as is a storeID that names no store. */
const Gold = flag.optional();

export const MagazineFilterQuery = z.object({
  edzLibId: int().default(0),
  gold: Gold,
  storeID: int(1).default(DEFAULT_STORE_ID),
  /** A numeric category id, or a quick category code (BS, F, IF, TF, NA). */
  categoryID: z.union([z.enum(QUICK_CATEGORY_CODES as [string, ...string[]]), int(1)]).default('BS'),
  lang: line()
    .regex(/^[a-z]{2,3}$/, 'lang must be a language code')
    .optional(),
  age_rate: int().optional(),
  page: int().default(0),
});
export type MagazineFilterQuery = z.infer<typeof MagazineFilterQuery>;
export const MagazineFilterResponse = z.object({
  magazineList: z.array(MagazineCard),
  page: z.number(),
  nbPages: z.number(),
  nbHits: z.number(),
});
export type MagazineFilterResponse = z.infer<typeof MagazineFilterResponse>;

export const CategoriesQuery = z.object({ lang: line().max(20).optional(), edzLibId: int().default(0) });
export const CategoriesResponse = z.object({ popularCat: z.array(Category) });
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;
/** With a categoryID (as magazine-filter takes it): only the languages that category has titles in. */
export const LanguagesQuery = z.object({
  edzLibId: int().default(0),
  categoryID: MagazineFilterQuery.shape.categoryID.unwrap().optional(),
  age_rate: int().optional(),
});
export const LanguagesResponse = z.object({ languages: z.array(Language) });
export type LanguagesResponse = z.infer<typeof LanguagesResponse>;
export const StoresResponse = z.object({ stores: z.array(Store) });
export type StoresResponse = z.infer<typeof StoresResponse>;

export const MagazineMetaByNameQuery = z.object({ magName: line().min(1).max(200) });
export const MagMetaQuery = z.object({ mid: int(1) });
/** Magazine detail by a base64 id (spec §7): the title id's digits, base64 (standard or URL-safe). */
export const MagazineDetailsQuery = z.object({
  id: line()
    .max(16)
    .transform((v, ctx) => {
      let digits = '';
      try {
        digits = atob(v.replace(/-/g, '+').replace(/_/g, '/'));
      } catch {
        // not base64: refused below
      }
      const mid = /^[1-9]\d{0,8}$/.test(digits) ? Number(digits) : 0;
      if (!mid) ctx.addIssue({ code: 'custom', message: 'expected a title id in base64, e.g. MTI= for 12' });
      return mid;
    }),
});

export const IssuesByMagQuery = z.object({
  mid: int(1),
  isSpecialIssue: flag.optional(),
  /** Only issues published before this date (paging back through older issues). */
  lst_dt: isoDate.optional(),
  /** With lst_dt: the last issue shown, so that issues sharing its date are not skipped (the
   * archive pages by date then issue id, newest first). */
  lst_id: int(1).optional(),
});
export const IssuesResponse = z.object({ edt_details: z.array(Issue) });
export type IssuesResponse = z.infer<typeof IssuesResponse>;

export const IssueDetailsQuery = z.object({ issid: int(1) });
export const IssueDetailsResponse = z.object({ issue: Issue, magazine: MagazineCard });
export type IssueDetailsResponse = z.infer<typeof IssueDetailsResponse>;

/** Search filters, in the URL of the search screen and in the query of each search: the kind of
 * title, its language, and how recent its issues are (a page hit's issue, a title's newest issue,
 * a story's publication). The stories tab is the fourth kind; it has no `type`. */
export const SEARCH_TYPES = ['magazine', 'newspaper', 'journal'] as const;
export const SEARCH_PERIODS = { week: 7, month: 31, year: 366 } as const;
export type SearchPeriod = keyof typeof SEARCH_PERIODS;
export const SearchFilters = z.object({
  type: z.enum(SEARCH_TYPES, { error: 'type must be magazine, newspaper or journal' }).optional(),
  lang: z
    .string()
    .regex(/^[a-z]{2,3}$/, 'lang must be a language code such as en or hi')
    .optional(),
  since: z
    .enum(Object.keys(SEARCH_PERIODS) as [SearchPeriod, ...SearchPeriod[]], { error: 'since must be week, month or year' })
    .optional(),
});
export type SearchFilters = z.infer<typeof SearchFilters>;

export const MagazineSearchQuery = z.object({
  storeID: int(1).default(DEFAULT_STORE_ID),
  edzLibId: int().default(0),
  query: line().min(1, 'query is required').max(200),
  gold: Gold,
  page: int().default(0),
  age_rating: int().optional(),
  ...SearchFilters.shape,
});
export const MagSearchQuery = z.object({
  age_rating: int().optional(),
  p: int().default(0),
  storeID: int(1).default(DEFAULT_STORE_ID),
  isGold: Gold,
  edzLibId: int().default(0),
  q: line().min(1, 'q is required').max(200),
  ...SearchFilters.shape,
});
/** Title search; when nothing matched, `didYouMean` names the nearest title (a near miss) and
 * `spelling` is the query with its unknown words replaced by the nearest known ones. */
export const MagazineSearchResponse = Paged(MagazineCard).extend({ didYouMean: z.string().optional(), spelling: z.string().optional() });
export type MagazineSearchResponse = z.infer<typeof MagazineSearchResponse>;
/** mag search answers with issue tiles: one per matching issue, with its page hits. */
export const MagSearchResponse = Paged(IssueTile);
export type MagSearchResponse = z.infer<typeof MagSearchResponse>;

export const SearchListQuery = z.object({
  q: line().min(1, 'q is required').max(200),
  isGold: Gold,
  issueId: int(1),
});
export const SearchListResponse = z.object({ tile: IssueTile });
export type SearchListResponse = z.infer<typeof SearchListResponse>;

export const RelatedQuery = z.object({ mid: int(1), page: int().default(0) });
export const RelatedResponse = z.object({ magazineList: z.array(MagazineCard), page: z.number(), nbPages: z.number() });
export type RelatedResponse = z.infer<typeof RelatedResponse>;

export const ArticleQuery = z.object({ issueid: int(1), age_rating: int().optional() });
export const ArticlesResponse = z.object({ Articles: z.array(Article) });

export const IssuesSearchQuery = z.object({
  mid: int(1),
  page: int().default(0),
  st_d: isoDate,
  en_d: isoDate,
});
export const IssuesSearchResponse = z.object({
  edt_details: z.array(Issue),
  nbHits: z.number(),
  nbPages: z.number(),
  page: z.number(),
  error: z.string().optional(),
});
export type IssuesSearchResponse = z.infer<typeof IssuesSearchResponse>;

export const OrgDetailsQuery = z.object({ con_code: line().max(64).optional() });
export const OrgDetails = z.object({
  id: z.number(),
  name: z.string(),
  logo1: z.string().nullable(),
  logo2: z.string().nullable(),
  logo3: z.string().nullable(),
  isNewspaper: z.boolean(),
  isJournal: z.boolean(),
  subscriptionEnd: z.number(), // epoch seconds
});
export const OrgDetailsResponse = z.object({ org: OrgDetails.nullable() });

/** Home: every section of spec §2 in one answer, so one cached response draws the page offline. */
export const HomeQuery = z.object({
  edzLibId: int().default(0),
  lang: line().max(20).optional(),
  age_rate: int().optional(),
});
/** Spec §1 marketing claims, worded by the server in each language (server/claims.ts). */
export const ClaimLines = z.object({ en: z.string(), hi: z.string() });
export type ClaimLines = z.infer<typeof ClaimLines>;

export const HomeResponse = z.object({
  mostPopular: z.array(MagazineCard),
  featured: z.array(MagazineCard),
  international: z.array(MagazineCard),
  topFree: z.array(MagazineCard),
  newArrivals: z.array(MagazineCard),
  popularCategories: z.array(Category),
  popularLanguages: z.array(Language),
  popularMagazines: z.array(MagazineCard),
  popularJournals: z.array(MagazineCard),
  coverStories: z.array(StoryTile),
  /** Spec §1 marketing claims from the configuration (absent in answers saved before they existed). */
  claims: ClaimLines.optional(),
});
export type HomeResponse = z.infer<typeof HomeResponse>;
