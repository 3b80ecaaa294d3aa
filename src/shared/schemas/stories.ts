// Stories and articles (section sec_60): a category listing and one story.
import { z } from 'zod';
import { Article, IssueTile, SearchFilters, StoryTile } from './content';
import { int, line } from './fields';

export const StoriesQuery = z.object({
  category: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,60}$/, 'category is not valid')
    .default('Cover-Stories'),
  section: z
    .string()
    .regex(/^sec_\d{1,6}$/, 'section is not valid')
    .default('sec_60'),
  page: int().default(0),
  age_rating: int().optional(),
});
export const StoryCategory = z.object({ slug: z.string(), count: z.number() });
export const StoriesResponse = z.object({
  items: z.array(StoryTile),
  page: z.number(),
  nbPages: z.number(),
  nbHits: z.number(),
  categories: z.array(StoryCategory),
});
export type StoriesResponse = z.infer<typeof StoriesResponse>;

export const StoryQuery = z.object({ url: line().min(1).max(300) });
/** /article/details (spec §2): the story by its url; or, when the url is missing or unknown (an old
 * link), by its name within the title and category the link names. */
export const ArticleDetailsQuery = z
  .object({
    category: line().max(100).optional(),
    magazineName: line().max(200).optional(),
    articleName: line().max(300).optional(),
    articleUrl: line().max(300).optional(),
  })
  .refine((q) => q.articleUrl || q.articleName, 'articleUrl or articleName is required');
export type ArticleDetailsQuery = z.infer<typeof ArticleDetailsQuery>;
export const Story = Article.extend({
  canonicalUrl: z.string(),
  paragraphs: z.array(z.string()),
  mid: z.number().nullable(),
  issueId: z.number().nullable(),
  coverImage: z.string().nullable(),
  moreFromTitle: z.array(StoryTile),
});
export type Story = z.infer<typeof Story>;

/** Article search (spec §7): query, storeID, page, age_rating; answers Articles, nbPages, nbHits. */
export const ArticleSearchQuery = z.object({
  query: line().min(1, 'query is required').max(200),
  storeID: int(1).default(1),
  page: int().default(0),
  age_rating: int().optional(),
  // stories have a language and a date, not a kind of title
  lang: SearchFilters.shape.lang,
  since: SearchFilters.shape.since,
});
export const ArticleSearchResponse = z.object({ Articles: z.array(Article), page: z.number(), nbPages: z.number(), nbHits: z.number() });
export type ArticleSearchResponse = z.infer<typeof ArticleSearchResponse>;

/** Discover More on a story result (spec §2: each result has one): the term and the story. */
export const StoryDiscoverQuery = z.object({ q: line().min(1, 'q is required').max(200), url: line().min(1).max(300) });
/** The story's own passages that match (escaped text with <mark>), and the page hits of the issue
 * it was printed in (null for a story with no issue). */
export const StoryDiscoverResponse = z.object({ passages: z.array(z.string()), tile: IssueTile.nullable() });
export type StoryDiscoverResponse = z.infer<typeof StoryDiscoverResponse>;
