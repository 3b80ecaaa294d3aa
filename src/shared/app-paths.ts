// The app's addresses, in English (localePath in locale-path.ts gives a locale's): every link,
// redirect and navigation names a screen from here rather than spelling its path. The route table
// (src/app/routes/table.ts) opens them; its test checks that each one opens a screen. Shared: the
// server's first screens link to them too.
import { JOURNAL_SECTION, NEWSPAPER_CATEGORY } from './constants';
import { issuePath, titlePath } from './title-paths';

/** Business & Society: the listing that Magazines and Browse open. */
const FIRST_CATEGORY = 'BS';

export const appPaths = {
  home: '/',
  /** A listing; `lang` ':lang' stands for the interface's language (localePath fills it in). */
  listing: (category: string | number, lang?: string) => (lang ? `/magazines/${category}/${lang}` : `/magazines/${category}`),
  magazines: `/magazines/${FIRST_CATEGORY}`,
  /** Magazines in the reader's own language: Hindi titles for a Hindi reader. */
  magazinesInLanguage: `/magazines/${FIRST_CATEGORY}/:lang`,
  newspapers: `/magazines/${NEWSPAPER_CATEGORY}`,
  journals: '/journals',
  /** A category's listing, or Journals for the journals' section. */
  category: (category: number) => (category === JOURNAL_SECTION ? '/journals' : `/magazines/${category}`),
  stories: '/stories',
  storiesSection: (category: string, section: string) => `/stories/category/${category}/${section}`,
  coverStories: '/stories/category/Cover-Stories/sec_60',
  title: titlePath,
  issue: issuePath,
  search: '/search',
  discover: '/discover',

  login: '/login',
  /** Sign-in, then back to `returnTo` (an English path, with its query if any). */
  loginReturningTo: (returnTo: string) => `/login?returnTo=${encodeURIComponent(returnTo)}`,
  loginEmail: '/login/email',
  loginEmailOtp: '/login/verify/emailotp',
  loginMobileOtp: '/login/verify/mobileotp',
  loginPassword: '/login/verify/password',
  loginCode: '/login/code',
  forgotPassword: '/login/forgot-password',
  linkMobile: '/login/linkmobile',
  sso: '/login/sso',
  fullName: '/update/fullName',
  validateUser: '/validate-user',
  accessCode: '/accesscode',
  idThankYou: '/uploadId/thankyou',

  dashboard: '/dashboard',
  myAccount: '/dashboard/myAccount',
  emailPreference: '/dashboard/email-preference',
  managePassword: '/dashboard/manage-password',
  myFavorites: '/dashboard/myFavorites',
  downloads: '/dashboard/downloads',
  shelf: '/shelf',
  zone: '/reading-zone',
  plans: '/plans',
  orders: '/plans/orders',

  /** The library console: its start, an institution's section ('' for its overview), a zone's poster. */
  console: '/library',
  consoleSection: (institutionId: number | string, section = '') => `/library/${institutionId}${section && `/${section}`}`,
  poster: (institutionId: number | string, zoneId: number | string) => `/library/${institutionId}/zones/${zoneId}/poster`,

  faq: '/faq',
  help: '/helpsupport',
  contact: '/contact-us',
  privacy: '/privacy-policy',
  terms: '/terms-and-conditions',
} as const;
