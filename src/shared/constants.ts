// Business constants of spec §9, shared by the app and the server.
export const PRODUCT_NAME = 'Lectern';

export const NEWSPAPER_CATEGORY = 154;
export const JOURNAL_SECTION = 52;
export const HIDDEN_CATEGORY = 127;
export const STORIES_SECTION = 'sec_60';

/** Quick categories: codes used in /magazines/{catId} and magazine-filter categoryID. */
export const QUICK_CATEGORIES = {
  BS: 'mostPopular',
  F: 'featured',
  IF: 'international',
  TF: 'topFree',
  NA: 'newArrivals',
} as const;
export type QuickCategory = keyof typeof QUICK_CATEGORIES;
export const QUICK_CATEGORY_CODES = Object.keys(QUICK_CATEGORIES) as QuickCategory[];

export const DEFAULT_STORE_ID = 1;
export const LISTING_PAGE_SIZE = 20;
export const RELATED_PAGE_SIZE = 5;
export const POPULAR_LANGUAGES_MAX = 10;
export const SEARCH_MAX_PAGES = 300;
export const SEARCH_MAX_SHOWN_TOTAL = 9000;

export const AGE_RATE_FILTER_DEFAULT = 5;
export const AGE_RATE_SEARCH_DEFAULT = 9;
/** An age rating is sent (and applied) only when below this. */
export const AGE_RATE_APPLY_BELOW = 8;
export const USER_AGE_RATE_DEFAULT = 6;
export const READER_AGE_RATING = 5;

export const SCROLLER_ARROWS_MIN_ITEMS = 8; // arrows when count > 7
export const SCROLLER_DEFAULT_ITEMS = 8;
export const SCROLL_END_THRESHOLD_PX = 100;
export const LINK_PREFETCH_MARGIN_PX = 200;
export const SIDE_MENU_MAX_WIDTH_PX = 350;

export const COOKIE_LIFETIME_DAYS = 365;

export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

/** Read events one POST /api/reader/events may carry. */
export const READER_EVENTS_MAX = 200;

/** Issues the shelf's Continue reading names at most (the app may add as many of its own). */
export const CONTINUE_ISSUES_MAX = 20;

/** Where readers write for help (help mail link of the account menu, hints on sign-in). */
export const SUPPORT_EMAIL = 'support@lectern.app';
