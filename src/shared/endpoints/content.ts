// The content service's catalogue reads under /content (the spec's names): listings, reference
// data, titles and issues, home, search and stories. Each answer is cached (Cache-Control, ETag);
// the app reads them by name through contentGet without parsing them again.
import { get } from './endpoint';
import { contentPaths as path } from './paths';
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

export const contentHome = get(path.contentHome, { query: HomeQuery, reply: HomeResponse, errors });
export const contentMagazineFilter = get(path.contentMagazineFilter, { query: MagazineFilterQuery, reply: MagazineFilterResponse, errors });
export const contentCategories = get(path.contentCategories, { query: CategoriesQuery, reply: CategoriesResponse, errors });
export const contentLanguages = get(path.contentLanguages, { query: LanguagesQuery, reply: LanguagesResponse, errors });
export const contentStores = get(path.contentStores, { reply: StoresResponse });
export const contentMagazineMeta = get(path.contentMagazineMeta, { query: MagazineMetaByNameQuery, reply: MagazineMeta, errors });
export const contentMagMeta = get(path.contentMagMeta, { query: MagMetaQuery, reply: MagazineMeta, errors });
export const contentMagazineDetails = get(path.contentMagazineDetails, { query: MagazineDetailsQuery, reply: MagazineMeta, errors });
export const contentIssuesByMag = get(path.contentIssuesByMag, { query: IssuesByMagQuery, reply: IssuesResponse, errors });
export const contentIssueDetails = get(path.contentIssueDetails, { query: IssueDetailsQuery, reply: IssueDetailsResponse, errors });
export const contentRelated = get(path.contentRelated, { query: RelatedQuery, reply: RelatedResponse, errors });
export const contentArticles = get(path.contentArticles, { query: ArticleQuery, reply: ArticlesResponse, errors });
export const contentIssuesSearch = get(path.contentIssuesSearch, { query: IssuesSearchQuery, reply: IssuesSearchResponse, errors });
export const contentOrgDetails = get(path.contentOrgDetails, { query: OrgDetailsQuery, reply: OrgDetailsResponse, errors });

export const contentMagazineSearch = get(path.contentMagazineSearch, { query: MagazineSearchQuery, reply: MagazineSearchResponse, errors });
export const contentMagSearch = get(path.contentMagSearch, { query: MagSearchQuery, reply: MagSearchResponse, errors });
export const contentArticleSearch = get(path.contentArticleSearch, { query: ArticleSearchQuery, reply: ArticleSearchResponse, errors });
export const contentSearchList = get(path.contentSearchList, { query: SearchListQuery, reply: SearchListResponse, errors });
export const contentStoryDiscover = get(path.contentStoryDiscover, { query: StoryDiscoverQuery, reply: StoryDiscoverResponse, errors });

export const contentStories = get(path.contentStories, { query: StoriesQuery, reply: StoriesResponse, errors });
export const contentStory = get(path.contentStory, { query: StoryQuery, reply: Story, errors });
export const contentArticleDetails = get(path.contentArticleDetails, { query: ArticleDetailsQuery, reply: Story, errors });

export const contentCountryCodes = get(path.contentCountryCodes, { reply: CountryCodesResponse });
