// The content service's paths by entry name, without their schemas: the app's catalogue reads
// (contentGet in src/app/lib/api.ts) and the reader's URLs (reader-paths.ts) build their URLs from
// these on a first screen's path, where zod must not load. The entries with their schemas are in
// content.ts, favourites.ts and reader.ts, each built from its path here.
export const contentPaths = {
  contentHome: '/content/home',
  contentMagazineFilter: '/content/magazine-filter',
  contentCategories: '/content/getCategories',
  contentLanguages: '/content/getLanguages',
  contentStores: '/content/getStores',
  contentMagazineMeta: '/content/magazine-meta',
  contentMagMeta: '/content/magMeta',
  contentMagazineDetails: '/content/magazine-details',
  contentIssuesByMag: '/content/getIssuesByMag',
  contentIssueDetails: '/content/getIssueDetails',
  contentRelated: '/content/magazine-related',
  contentArticles: '/content/v1/article',
  contentIssuesSearch: '/content/issues-search',
  contentOrgDetails: '/content/getOrgDetails',
  contentMagazineSearch: '/content/magazine-search',
  contentMagSearch: '/content/mag-search',
  contentArticleSearch: '/content/article-search',
  contentSearchList: '/content/search_list',
  contentStoryDiscover: '/content/story-discover',
  contentStories: '/content/stories',
  contentStory: '/content/story',
  contentArticleDetails: '/content/article-details',
  contentCountryCodes: '/content/getCountryCodes',
  favouritesList: '/content/getMyFav',
  favouritesAdd: '/content/addmy_fav',
  favouritesRemove: '/content/deletemy_fav',
  readerIssue: '/content/reader/:issueId',
  readerPageText: '/content/reader/:issueId/pages/:page/text',
  readerPageImage: '/content/reader/:issueId/pages/:page/:size',
} as const;

/** The catalogue's reads: GET, answered the same for every visitor with the same query. */
export type ContentRead = Exclude<keyof typeof contentPaths, `favourites${string}` | `reader${string}`>;
