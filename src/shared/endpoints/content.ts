// The content service's catalogue reads under /content (the spec's names): listings, reference
// data, titles and issues, home, search and stories. Each answer is cached (Cache-Control, ETag);
// the app reads them by name through contentGet without parsing them again.
import { get } from './endpoint';
import {
  ArticleQuery,
  ArticlesResponse,
  CategoriesQuery,
  CategoriesResponse,
  HomeQuery,
  HomeResponse,
  IssueDetailsQuery,
  IssueDetailsResponse,
  IssuesByMagQuery,
  IssuesResponse,
  IssuesSearchQuery,
  IssuesSearchResponse,
  LanguagesQuery,
  LanguagesResponse,
  MagazineDetailsQuery,
  MagazineFilterQuery,
  MagazineFilterResponse,
  MagazineMeta,
  MagazineMetaByNameQuery,
  MagazineSearchQuery,
  MagazineSearchResponse,
  MagMetaQuery,
  MagSearchQuery,
  MagSearchResponse,
  OrgDetailsQuery,
  OrgDetailsResponse,
  RelatedQuery,
  RelatedResponse,
  SearchListQuery,
  SearchListResponse,
  StoresResponse,
} from '../schemas/content';
import {
  ArticleDetailsQuery,
  ArticleSearchQuery,
  ArticleSearchResponse,
  StoriesQuery,
  StoriesResponse,
  Story,
  StoryDiscoverQuery,
  StoryDiscoverResponse,
  StoryQuery,
} from '../schemas/stories';
import { CountryCodesResponse } from '../schemas/country-codes';

const errors = [400, 404] as const;

export const contentHome = get('/content/home', { query: HomeQuery, reply: HomeResponse, errors });
export const contentMagazineFilter = get('/content/magazine-filter', { query: MagazineFilterQuery, reply: MagazineFilterResponse, errors });
export const contentCategories = get('/content/getCategories', { query: CategoriesQuery, reply: CategoriesResponse, errors });
export const contentLanguages = get('/content/getLanguages', { query: LanguagesQuery, reply: LanguagesResponse, errors });
export const contentStores = get('/content/getStores', { reply: StoresResponse });
export const contentMagazineMeta = get('/content/magazine-meta', { query: MagazineMetaByNameQuery, reply: MagazineMeta, errors });
export const contentMagMeta = get('/content/magMeta', { query: MagMetaQuery, reply: MagazineMeta, errors });
export const contentMagazineDetails = get('/content/magazine-details', { query: MagazineDetailsQuery, reply: MagazineMeta, errors });
export const contentIssuesByMag = get('/content/getIssuesByMag', { query: IssuesByMagQuery, reply: IssuesResponse, errors });
export const contentIssueDetails = get('/content/getIssueDetails', { query: IssueDetailsQuery, reply: IssueDetailsResponse, errors });
export const contentRelated = get('/content/magazine-related', { query: RelatedQuery, reply: RelatedResponse, errors });
export const contentArticles = get('/content/v1/article', { query: ArticleQuery, reply: ArticlesResponse, errors });
export const contentIssuesSearch = get('/content/issues-search', { query: IssuesSearchQuery, reply: IssuesSearchResponse, errors });
export const contentOrgDetails = get('/content/getOrgDetails', { query: OrgDetailsQuery, reply: OrgDetailsResponse, errors });

export const contentMagazineSearch = get('/content/magazine-search', { query: MagazineSearchQuery, reply: MagazineSearchResponse, errors });
export const contentMagSearch = get('/content/mag-search', { query: MagSearchQuery, reply: MagSearchResponse, errors });
export const contentArticleSearch = get('/content/article-search', { query: ArticleSearchQuery, reply: ArticleSearchResponse, errors });
export const contentSearchList = get('/content/search_list', { query: SearchListQuery, reply: SearchListResponse, errors });
export const contentStoryDiscover = get('/content/story-discover', { query: StoryDiscoverQuery, reply: StoryDiscoverResponse, errors });

export const contentStories = get('/content/stories', { query: StoriesQuery, reply: StoriesResponse, errors });
export const contentStory = get('/content/story', { query: StoryQuery, reply: Story, errors });
export const contentArticleDetails = get('/content/article-details', { query: ArticleDetailsQuery, reply: Story, errors });

export const contentCountryCodes = get('/content/getCountryCodes', { reply: CountryCodesResponse });
