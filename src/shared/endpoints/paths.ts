// The paths of the entries the app must reach without loading their schemas (zod), by entry name:
// the catalogue's reads (contentGet in src/app/lib/api.ts) on a first screen's path, the reader's
// URLs (reader-paths.ts), the campus check of every first load, and the writes the outbox queues
// (the reader and the service worker queue them too). The entries with their schemas (content.ts,
// favourites.ts, reader.ts, account.ts) are built from these.
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

/** Entries outside /content asked without their schemas. */
export const apiPaths = {
  accessIp: '/api/access/ip',
  readerProgress: '/api/reader/progress',
  readerEvents: '/api/reader/events',
  readerDownloadsRemove: '/api/reader/downloads/remove',
  userEmailpreferenceSave: '/api/user/emailpreference',
} as const;
