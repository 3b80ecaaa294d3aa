// The route table: every screen once, with its paths, its lazy module and, for the screens a first
// visit opens most (home, a listing, a title page), what their first render needs. From it come
// the router (router.tsx), the first render's prefetch (first-screen.ts), and the build's lists in
// index.html's boot script (vite.config.ts). Plain data with type-only imports: the build's config
// reads it in Node, where the screens' code cannot load.
import type { QueryClient } from '@tanstack/react-query';
import type * as homeQueries from '../features/home/queries';
import type * as listingQueries from '../features/listing/queries';
import type * as titleQueries from '../features/title/queries';
import { MID_SEGMENT, midOf } from '../../shared/title-paths';
import { HIDDEN_CATEGORY, JOURNAL_SECTION, NEWSPAPER_CATEGORY } from '../../shared/constants';
import type { ScreenModule } from './screen-modules';
import type { ReaderScope } from '../lib/scope';

/** The screens index.html's boot script knows by their address: it preloads their code and, for
 * a visitor, their data, and the server may draw them (src/server/first-screen). */
export type FirstScreenName = 'home' | 'listing' | 'title';

/** Each first screen's query factories (first-screen.ts loads the module of the screen opened). */
export type ScreenQueries = { home: typeof homeQueries; listing: typeof listingQueries; title: typeof titleQueries };

export type FirstScreen<K extends FirstScreenName = FirstScreenName> = {
  name: K;
  /** Fetches what the screen's first render shows, for a first render with its data. */
  data(params: Record<string, string | undefined>, q: ScreenQueries[K], client: QueryClient, scope: ReaderScope): Promise<unknown>[];
  /** For index.html's boot script (routes/boot-data.ts), which asks a visitor's data at the
   * screen's first path only: each parameter's pattern. Its first group, or else the whole match,
   * is the value the data's URLs take; an address whose parameter does not match asks nothing. */
  bootParams?: Record<string, string>;
};

export type Screen = {
  /** Below / (English) and /hi (Hindi); '' is the locale's home. */
  paths: string[];
  module: ScreenModule;
  /** The module's export that is the screen, when not its default. */
  pick?: string;
  /** False for home, whose texts are in the shell and whose code loads before the app starts. */
  screenTexts?: false;
  first?: { [K in FirstScreenName]: FirstScreen<K> }[FirstScreenName];
};

export const SCREENS: Screen[] = [
  {
    paths: [''],
    module: 'features/home/HomePage.tsx',
    screenTexts: false,
    first: { name: 'home', data: (_, q, client, scope) => [client.prefetchQuery(q.homeQuery(scope))] },
  },
  {
    paths: ['magazines/:catId', 'magazines/:catId/:magLang'],
    module: 'features/listing/MagazinesPage.tsx',
    first: {
      name: 'listing',
      data: ({ catId = '', magLang }, q, client, scope) => [
        client.prefetchInfiniteQuery(q.magazinesQuery(scope, catId, magLang)),
        client.prefetchQuery(q.categoriesQuery(scope)),
        client.prefetchQuery(q.languagesQuery(scope, catId)),
      ],
      // (not the categories shown only by an institution's flags, or never, whose listing the
      // app may not ask for)
      bootParams: { catId: `^(?!(?:${[JOURNAL_SECTION, HIDDEN_CATEGORY, NEWSPAPER_CATEGORY].join('|')})$)[A-Za-z0-9_-]+$` },
    },
  },
  { paths: ['journals'], module: 'features/listing/JournalsPage.tsx' },
  { paths: ['stories/category/:category/:section'], module: 'features/stories/StoriesPage.tsx' },
  { paths: ['stories/*', 'article/details'], module: 'features/stories/StoryPage.tsx' },
  {
    paths: ['magazine/:mid', 'magazine/:mid/:issueId'],
    module: 'features/title/TitlePage.tsx',
    first: {
      name: 'title',
      data: ({ mid: segment }, q, client) => {
        const mid = midOf(segment);
        if (!mid) return [];
        return [
          client.prefetchQuery(q.metaQuery(mid)),
          client.prefetchQuery(q.issuesQuery(mid, false)),
          client.prefetchQuery(q.issuesQuery(mid, true)),
          client.prefetchQuery(q.storeCountryQuery()),
          // (not drawn by the server, but asked by the boot script: in the first render rather
          // than in a second, blocking one when it arrives)
          client.prefetchQuery(q.relatedQuery(mid, 0)),
        ];
      },
      bootParams: { mid: MID_SEGMENT },
    },
  },
  { paths: ['search'], module: 'features/search/SearchPage.tsx' },
  { paths: ['discover'], module: 'features/search/DiscoverPage.tsx' },
  { paths: ['login', 'login/email'], module: 'features/login/LoginPage.tsx' },
  { paths: ['login/verify/emailotp', 'login/verify/mobileotp'], module: 'features/login/OtpPage.tsx' },
  { paths: ['login/verify/password'], module: 'features/login/PasswordPage.tsx' },
  { paths: ['login/code'], module: 'features/login/DeviceCodePage.tsx' },
  { paths: ['login/forgot-password'], module: 'features/login/ForgotPasswordPage.tsx' },
  { paths: ['login/linkmobile'], module: 'features/login/LinkMobilePage.tsx' },
  { paths: ['login/sso'], module: 'features/login/SsoPage.tsx' },
  { paths: ['login/sso/success'], module: 'features/login/SsoSuccessPage.tsx' },
  { paths: ['update/fullName'], module: 'features/login/FullNamePage.tsx' },
  { paths: ['validate-user'], module: 'features/access/ValidateUserPage.tsx' },
  { paths: ['accesscode'], module: 'features/access/AccessCodePage.tsx' },
  { paths: ['uploadId/thankyou'], module: 'features/access/IdThankYouPage.tsx' },
  { paths: ['dashboard'], module: 'features/account/DashboardPage.tsx' },
  { paths: ['dashboard/myAccount'], module: 'features/account/MyAccountPage.tsx' },
  { paths: ['dashboard/email-preference'], module: 'features/account/EmailPreferencePage.tsx' },
  { paths: ['dashboard/manage-password'], module: 'features/account/ManagePasswordPage.tsx' },
  { paths: ['dashboard/myFavorites'], module: 'features/favourites/MyFavoritesPage.tsx' },
  { paths: ['dashboard/downloads'], module: 'features/downloads/DownloadsPage.tsx' },
  { paths: ['shelf'], module: 'features/shelf/ShelfPage.tsx' },
  { paths: ['reading-zone'], module: 'features/zone/ZonePage.tsx' },
  { paths: ['library'], module: 'features/console/ConsolePage.tsx' },
  { paths: ['library/:institutionId/zones/:zoneId/poster'], module: 'features/console/PosterPage.tsx' },
  { paths: ['library/:institutionId/*'], module: 'features/console/ConsolePage.tsx' },
  { paths: ['unsubscribe'], module: 'features/account/UnsubscribePage.tsx' },
  { paths: ['faq'], module: 'features/info/FaqPage.tsx' },
  { paths: ['helpsupport'], module: 'features/info/HelpPage.tsx' },
  { paths: ['ec-council'], module: 'features/access/EcCouncilPage.tsx' },
  { paths: ['contact-us'], module: 'features/info/ContactPage.tsx' },
  { paths: ['privacy-policy'], module: 'features/info/LegalPage.tsx', pick: 'PrivacyPage' },
  { paths: ['terms-and-conditions'], module: 'features/info/LegalPage.tsx', pick: 'TermsPage' },
  // Personal plans and payments: one lazy module for its four paths.
  { paths: ['plans', 'plans/orders', 'paymentsuccess', 'paymentfailed'], module: 'features/plans/screens.tsx' },
  { paths: ['healthcheck'], module: 'features/info/StatusPages.tsx', pick: 'HealthcheckPage' },
  { paths: ['appdownload'], module: 'features/info/StatusPages.tsx', pick: 'AppDownloadPage' },
  { paths: ['*'], module: 'components/NotFound.tsx' },
];

/** Hindi's prefix: every screen is at /… and at /hi/…. */
export const HINDI_PREFIX = '/hi';

const escaped = (segment: string) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route path (`magazine/:mid`, `stories/*`) as the source of a regular expression for a whole
 * pathname, its parameters as named groups; matched case-insensitively, as React Router does. */
export const pathPatternSource = (path: string) =>
  `^${path
    .split('/')
    .filter(Boolean)
    .map((s) => (s === '*' ? '(?:/.*)?' : `/${s.startsWith(':') ? `(?<${s.slice(1)}>[^/]+)` : escaped(s)}`))
    .join('')}/?$`;

export const pathPattern = (path: string) => new RegExp(pathPatternSource(path), 'i');

/** The path without Hindi's prefix: '/hi/journals' → '/journals'. */
export const withoutLocale = (pathname: string) =>
  pathname === HINDI_PREFIX || pathname.startsWith(`${HINDI_PREFIX}/`) ? pathname.slice(HINDI_PREFIX.length) || '/' : pathname;

/** The first screens' paths as regular expressions' sources, for the boot script (which matches
 * them against the path without Hindi's prefix). */
export const firstScreenPaths = (): Record<FirstScreenName, string[]> =>
  Object.fromEntries(SCREENS.flatMap((s) => (s.first ? [[s.first.name, s.paths.map(pathPatternSource)]] : []))) as Record<
    FirstScreenName,
    string[]
  >;

/** The first screen at this address, with its parameters; null for any other screen. */
export function firstScreenAt(pathname: string): { screen: Screen; params: Record<string, string | undefined> } | null {
  const path = withoutLocale(pathname);
  for (const screen of SCREENS) {
    if (!screen.first) continue;
    for (const p of screen.paths) {
      const match = pathPattern(p).exec(path);
      if (match) return { screen, params: { ...match.groups } };
    }
  }
  return null;
}
