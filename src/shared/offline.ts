// Names and budgets of what the app keeps for offline use, shared by the app and its service worker.

/** The react-query answers saved on the device: at most this many characters of JSON (the newest
 * answers are kept first) and none older than a week. */
export const PERSISTED_QUERIES_MAX_CHARS = 2_000_000;
export const PERSISTED_QUERIES_MAX_AGE_MS = 7 * 86_400_000;
