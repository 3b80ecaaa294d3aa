// Home's cover shelves, in order, for the app (features/home/HomePage.tsx), whose components the
// server also draws a visitor's first home with (src/app/entry-server.tsx).
export const HOME_COVER_SHELVES = [
  ['mostPopular', '/magazines/BS/:lang'],
  ['featured', '/magazines/F/:lang'],
  ['international', '/magazines/IF/:lang'],
  ['topFree', '/magazines/TF/:lang'],
  ['newArrivals', '/magazines/NA/:lang'],
] as const;

/** Shelves drawn on the app's first home render (and by the server); the rest follow. */
export const FIRST_HOME_SHELVES = 2;

/** The first shelf's covers fetched at once: often the page's largest paint. */
export const EAGER_HOME_COVERS = 4;

/** A shelf's note: what "Top Free" means, or the Gold badge, said once where a reader first meets it;
 * "included in your institution's subscription" only to a reader whose institution's access runs. */
export function homeShelfNote(
  key: string,
  isFirstGold: boolean,
  institution = false,
): 'topFreeNote' | 'goldNote' | 'goldNoteVisitor' | undefined {
  if (key === 'topFree') return 'topFreeNote';
  if (!isFirstGold) return undefined;
  return institution ? 'goldNote' : 'goldNoteVisitor';
}
