// Every name the app keeps something under on the device: cookies, localStorage, sessionStorage,
// IndexedDB and the Cache API, for the app and its service worker. The spec's names (§3: the
// cookies and the spec's local-storage keys) are a contract with the other clients: never rename
// them. Nothing here imports zod: the service worker takes the names without it, and what the
// first load reads back is checked with the small shapes of stored-shape.ts.

/** The cookies of spec §3 (and the two of §2's scroll restore, whose names the spec does not give). */
export const COOKIE = {
  uniqId: 'uniqId',
  isGuest: 'isGuest',
  isLoggedIn: 'isLoggedIn',
  authToken: 'AuthToken',
  libraryId: 'libraryId',
  expiration: 'expiration',
  userDetails: 'userDetails',
  isNewspaper: 'isNewspaper',
  isJournal: 'isJournal',
  isLibContentAvailable: 'isLibContentAvailable',
  ageRate: 'ageRate',
  ageRating: 'ageRating',
  xsrf: 'XSRF-TOKEN',
  /** Spec §2 scroll restore (names not given by the spec). */
  scrollPath: 'scrollPath',
  scrollPosition: 'scrollPosition',
} as const;

/** The local-storage keys of spec §3; all of them end with the session. */
export const STORAGE = {
  loginType: 'loginType',
  userToken: 'userToken',
  expiration: 'expiration',
  userFav: 'userFav',
  userBksData: 'userBksData',
  favourites: 'favourites',
  libraryDetails: 'libraryDetails',
  userDetails: 'userDetails',
} as const;

/** Lectern's own local-storage keys (not the spec's). */
export const LOCAL = {
  /** A random id for this browser, for the device counts of the download limits. */
  deviceId: 'lecternDeviceId',
  /** The query cache's saved answers (lib/persist.ts). */
  queryCache: 'lectern-query-cache',
  articleFontSize: 'lectern.articleFontSize',
  /** When Not now was said to the install card. */
  installDismissed: 'lectern.installDismissed',
  /** When this device first opened Lectern. */
  visited: 'lectern.visited',
  /** "Share my location" for Smart Reading Zones; ends with the session. */
  zoneLocation: 'lectern.zoneLocation',
  /** Home's Continue reading shelf: whose, and its height last time. */
  continueShelf: 'lectern.continueShelf',
  /** A change of reader whose caches are not all cleared yet. */
  readerCleanUpPending: 'lectern.readerCleanUpPending',
} as const;

/** sessionStorage keys (this tab's session). */
export const SESSION = {
  /** '1' when an earlier session on this device came before this one. */
  returning: 'lectern.returning',
  /** The sign-in journey between its screens, and where to go after it. */
  signIn: 'lectern.signin',
  returnTo: 'lectern.returnTo',
  /** A zone poster's scan waiting to be sent. */
  zoneScan: 'lectern.zoneScan',
  /** The reader's running zone passes. */
  zonePasses: 'lectern.zonePasses',
  /** Passes announced, and refusals explained, in this session. */
  zoneAnnounced: 'lectern.zoneAnnounced',
  zoneRefusalsShown: 'lectern.zoneRefusalsShown',
  /** A reload for a chunk a deploy removed was tried. */
  chunkReload: 'lectern:chunk-reload',
} as const;

/** The app's one IndexedDB database and its stores (db/index.ts has the versions and records). */
export const DB_NAME = 'lectern';
export const STORES = {
  recentSearches: 'recentSearches',
  downloads: 'downloads',
  progress: 'progress',
  readEvents: 'readEvents',
  outbox: 'outbox',
  favourites: 'favourites',
  auth: 'auth',
  zonePush: 'zonePush',
} as const;

/** Cache API names: the app downloads and clears, the service worker serves. */
export const CACHE = {
  /** Downloaded issues' pages and covers; nothing expires them. */
  downloads: 'lectern-downloads',
  /** Page images read lately. */
  recentPages: 'lectern-pages',
  /** /content answers (network first): some are a signed-in reader's. */
  content: 'lectern-content',
  /** Covers and logos (content-addressed). */
  media: 'lectern-media',
  /** Lazy chunks, the Hindi table and fonts once used. */
  assets: 'lectern-assets',
} as const;

/** What readJson checks a value with: a zod schema, or a shape of stored-shape.ts. */
export type Checker<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

/** A JSON value kept under `key`, if it is there and is what `schema` says; anything else (absent,
 * not JSON, another shape, storage off) is absent, never a crash. */
export function readJson<T>(storage: { getItem(key: string): string | null }, key: string, schema: Checker<T>): T | undefined {
  try {
    const raw = storage.getItem(key);
    if (raw === null) return undefined;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
