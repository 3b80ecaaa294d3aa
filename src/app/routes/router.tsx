// The route table. Screens are lazy so the first visit loads only what it shows, and every
// screen but home brings the screens' texts with it (lib/i18n.ts). Each route exists once and
// is mounted at / (English) and /hi (Hindi).
import { createBrowserRouter, type RouteObject } from 'react-router';
import type React from 'react';
import { Layout } from '../components/Layout';
import { RouteError } from './RouteError';
import { loadScreenTexts } from '../lib/i18n';
import { LoadingSlot } from '../components/PendingScreen';

/** A screen at `path` whose component `pick` takes from the module `load` brings. */
function screen<M>(path: string, load: () => Promise<M>, pick = (m: M) => (m as { default: React.ComponentType }).default): RouteObject {
  return {
    path,
    // Until its code is in, on the first load (home's is preloaded before the app starts).
    HydrateFallback: LoadingSlot,
    lazy: async () => {
      const [module] = await Promise.all([load(), loadScreenTexts()]);
      return { Component: pick(module) };
    },
  };
}

const screens: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('../features/home/HomePage')).default }) },
  screen('magazines/:catId', () => import('../features/listing/MagazinesPage')),
  screen('magazines/:catId/:magLang', () => import('../features/listing/MagazinesPage')),
  screen('journals', () => import('../features/listing/JournalsPage')),
  screen('stories/category/:category/:section', () => import('../features/stories/StoriesPage')),
  screen('stories/*', () => import('../features/stories/StoryPage')),
  screen('article/details', () => import('../features/stories/StoryPage')),
  screen('magazine/:mid', () => import('../features/title/TitlePage')),
  screen('magazine/:mid/:issueId', () => import('../features/title/TitlePage')),
  screen('search', () => import('../features/search/SearchPage')),
  screen('discover', () => import('../features/search/DiscoverPage')),
  screen('login', () => import('../features/login/LoginPage')),
  screen('login/email', () => import('../features/login/LoginPage')),
  screen('login/verify/emailotp', () => import('../features/login/OtpPage')),
  screen('login/verify/mobileotp', () => import('../features/login/OtpPage')),
  screen('login/verify/password', () => import('../features/login/PasswordPage')),
  screen('login/code', () => import('../features/login/DeviceCodePage')),
  screen('login/forgot-password', () => import('../features/login/ForgotPasswordPage')),
  screen('login/linkmobile', () => import('../features/login/LinkMobilePage')),
  screen('login/sso', () => import('../features/login/SsoPage')),
  screen('login/sso/success', () => import('../features/login/SsoSuccessPage')),
  screen('update/fullName', () => import('../features/login/FullNamePage')),
  screen('validate-user', () => import('../features/access/ValidateUserPage')),
  screen('accesscode', () => import('../features/access/AccessCodePage')),
  screen('uploadId/thankyou', () => import('../features/access/IdThankYouPage')),
  screen('dashboard', () => import('../features/account/DashboardPage')),
  screen('dashboard/myAccount', () => import('../features/account/MyAccountPage')),
  screen('dashboard/email-preference', () => import('../features/account/EmailPreferencePage')),
  screen('dashboard/manage-password', () => import('../features/account/ManagePasswordPage')),
  screen('dashboard/myFavorites', () => import('../features/favourites/MyFavoritesPage')),
  screen('dashboard/downloads', () => import('../features/downloads/DownloadsPage')),
  screen('shelf', () => import('../features/shelf/ShelfPage')),
  screen('reading-zone', () => import('../features/zone/ZonePage')),
  screen('library', () => import('../features/console/ConsolePage')),
  screen('library/:institutionId/zones/:zoneId/poster', () => import('../features/console/PosterPage')),
  screen('library/:institutionId/*', () => import('../features/console/ConsolePage')),
  screen('unsubscribe', () => import('../features/account/UnsubscribePage')),
  screen('faq', () => import('../features/info/FaqPage')),
  screen('helpsupport', () => import('../features/info/HelpPage')),
  screen('ec-council', () => import('../features/info/EcCouncilPage')),
  screen('contact-us', () => import('../features/info/ContactPage')),
  screen(
    'privacy-policy',
    () => import('../features/info/LegalPage'),
    (m) => m.PrivacyPage,
  ),
  screen(
    'terms-and-conditions',
    () => import('../features/info/LegalPage'),
    (m) => m.TermsPage,
  ),
  // Personal plans and payments (issue 17): one lazy module for its four paths (features/plans/screens.tsx).
  ...['plans', 'plans/orders', 'paymentsuccess', 'paymentfailed'].map((p) => screen(p, () => import('../features/plans/screens'))),
  screen(
    'healthcheck',
    () => import('../features/info/StatusPages'),
    (m) => m.HealthcheckPage,
  ),
  screen(
    'appdownload',
    () => import('../features/info/StatusPages'),
    (m) => m.AppDownloadPage,
  ),
  screen('*', () => import('../components/NotFound')),
];

/** The route table: every screen at / and at /hi. */
export const appRoutes: RouteObject[] = [
  {
    Component: Layout,
    children: [
      { path: '/hi', children: screens, ErrorBoundary: RouteError },
      { path: '/', children: screens, ErrorBoundary: RouteError },
    ],
  },
];

/** The app's router, made when the app starts (main.tsx), a step of its own: creating it matches
 * the address and starts loading the screen. */
export const createAppRouter = () => createBrowserRouter(appRoutes);
