// The shell page with home's first screen drawn in (home.ts), for a visitor's first load of `/`.
// Only for a visitor whose home is everyone's (no institution or age rating cookie, as index.html's
// boot script decides too): anyone else gets the plain shell and the app draws their home. Not for
// `/hi` yet: drawn before the Devanagari font has arrived, its text wraps otherwise and the shelves
// move when the font swaps in (a layout shift the app's later first paint does not have). The drawn screen is kept for the content cache's time, like the answer it is made from;
// when anything fails the plain shell goes out, which the app fills as always.
import fs from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadHome } from '../routes/content/home';
import { homeFirstScreen } from './home';
import { claimLines } from '../claims';
import type { Locale } from '../../shared/constants';

/** index.html marks the skeleton the server may replace. */
const SLOT = /<!--first-screen-->[\s\S]*?<!--\/first-screen-->/;
const VISITORS_AGE_RATE = 5;

export function firstScreenLocale(req: FastifyRequest): Locale | null {
  const path = req.url.split('?')[0];
  if (path !== '/' || req.cookies.libraryId !== undefined || req.cookies.ageRating !== undefined) return null;
  return 'en';
}

export function firstScreenPages(app: FastifyInstance, indexFile: string) {
  const ttlMs = app.config.contentCacheMs;
  const made = new Map<Locale, { at: number; page: Promise<string | null> }>();

  const make = async (locale: Locale): Promise<string | null> => {
    try {
      const [shell, home] = await Promise.all([fs.readFile(indexFile, 'utf8'), loadHome(app.db.read, 0, VISITORS_AGE_RATE)]);
      if (!SLOT.test(shell)) return null;
      return shell.replace(SLOT, () => homeFirstScreen({ ...home, claims: claimLines(app.config.claims) }, locale));
    } catch (err) {
      app.log.warn({ err }, 'first screen not drawn; the plain shell goes out');
      return null;
    }
  };

  /** The page for this locale, or null for the plain shell. */
  return (locale: Locale): Promise<string | null> => {
    const kept = made.get(locale);
    if (kept && Date.now() - kept.at < ttlMs) return kept.page;
    const page = make(locale);
    made.set(locale, { at: Date.now(), page });
    return page;
  };
}
