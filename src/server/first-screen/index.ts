// The shell page with a screen's first view drawn in, for a visitor's first load of home, a
// listing (/magazines/{catId}) or a title page (/magazine/{mid}-{Name}): home.ts, listing.ts and
// title.ts. Only for a visitor, whose answers are everyone's (no institution or age rating cookie,
// as index.html's boot script decides too): anyone else gets the plain shell and the app draws
// their screen. Not in Hindi yet: drawn before the Devanagari font has arrived, its text wraps
// otherwise and the page moves when the font swaps in (a layout shift the app's later first paint
// does not have). Each drawn page is kept for the content cache's time, like the answers it is
// made from; when anything fails (or there is nothing to draw) the plain shell goes out, which the
// app fills as always.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadHome } from '../services/home';
import { visibilityFor } from '../repositories/access';
import * as catalogue from '../repositories/catalogue';
import {
  AGE_RATE_FILTER_DEFAULT,
  HIDDEN_CATEGORY,
  JOURNAL_SECTION,
  NEWSPAPER_CATEGORY,
  QUICK_CATEGORY_CODES,
  type QuickCategory,
} from '../../shared/constants';
import { midOf, titleSegment } from '../../shared/title-paths';
import { homeFirstScreen } from './home';
import { listingFirstScreen } from './listing';
import { titleFirstScreen } from './title';
import { claimLines } from '../claims';

/** index.html marks the skeleton the server may replace. */
const SLOT = /<!--first-screen-->[\s\S]*?<!--\/first-screen-->/;
/** The build's list of each screen's files in the shell's boot script (vite.config.ts preloadScreens). */
const SCREEN_FILES = /var files = (\{[^;]*\});/;
/** Drawn pages kept at once: every listing and title asked for within the cache's time, up to this. */
const KEPT_MAX = 500;

export type FirstScreen = { screen: 'home' } | { screen: 'listing'; category: string } | { screen: 'title'; mid: number; segment: string };

const NOT_DRAWN = new Set([HIDDEN_CATEGORY, NEWSPAPER_CATEGORY, JOURNAL_SECTION].map(String));

/** Which screen this request opens, when the server draws it; null for the plain shell. */
export function firstScreenOf(req: FastifyRequest): FirstScreen | null {
  if (req.cookies.libraryId !== undefined || req.cookies.ageRating !== undefined) return null;
  const path = req.url.split('?')[0];
  if (path === '/') return { screen: 'home' };
  const listing = /^\/magazines\/([A-Z]{1,2}|[1-9]\d{0,8})\/?$/.exec(path);
  if (listing && !NOT_DRAWN.has(listing[1]) && (/^\d/.test(listing[1]) || QUICK_CATEGORY_CODES.includes(listing[1] as QuickCategory)))
    return { screen: 'listing', category: listing[1] };
  // (matched as sent: a name outside ASCII comes percent-encoded and never equals its segment, so
  // such a title is not drawn, which is as well: its Devanagari name would move when the font swaps in)
  const title = /^\/magazine\/([^/]+)\/?$/.exec(path);
  const mid = title && midOf(title[1]);
  if (mid) return { screen: 'title', mid, segment: title[1] };
  return null;
}

/** The screen's markup, or null when there is nothing to draw. */
async function draw(app: FastifyInstance, at: FirstScreen): Promise<string | null> {
  const db = app.db.read;
  const ageRate = AGE_RATE_FILTER_DEFAULT;
  if (at.screen === 'home') return homeFirstScreen({ ...(await loadHome(db, 0, ageRate)), claims: claimLines(app.config.claims) }, 'en');
  const visibility = await visibilityFor(db, 0);
  if (at.screen === 'listing') {
    const category = /^\d/.test(at.category) ? Number(at.category) : (at.category as QuickCategory);
    const [list, popularCat, languages] = await Promise.all([
      catalogue.listMagazines(db, { visibility, category, ageRate, page: 0 }),
      catalogue.popularCategories(db, visibility),
      catalogue.allLanguages(db, { visibility, category, ageRate }),
    ]);
    if (list.magazineList.length === 0) return null;
    return listingFirstScreen(at.category, { list, categories: { popularCat }, languages: { languages } }, 'en');
  }
  const meta = await catalogue.titleMeta(db, { mid: at.mid });
  // Only the title's own address (any other is sent on to it by the app), and not a title blocked
  // anywhere: whether the reader's store is one of those is the app's to say.
  if (!meta || titleSegment(meta.mid, meta.name) !== at.segment || meta.blockedCountries.length > 0) return null;
  const [recent, special] = await Promise.all([catalogue.issuesOf(db, at.mid, {}), catalogue.issuesOf(db, at.mid, { special: true })]);
  return titleFirstScreen({ meta, recent: { edt_details: recent }, special: { edt_details: special } }, 'en');
}

/** The stylesheets of the lazy screens the server draws, read from the build once: they go into
 * the drawn page's head, inline, so its first paint needs no request more (the security policy
 * allows them by their hashes, plugins/security-headers.ts). The app loads the same files with
 * the screen's code. None for a screen the build does not list (and so not drawn). */
export function firstScreenStyles(appDir: string): Partial<Record<'listing' | 'title', string>> {
  const shell = path.join(appDir, 'index.html');
  const listed = fs.existsSync(shell) && SCREEN_FILES.exec(fs.readFileSync(shell, 'utf8'));
  if (!listed) return {};
  const files = JSON.parse(listed[1]) as Record<string, string[]>;
  const styles: Partial<Record<'listing' | 'title', string>> = {};
  for (const screen of ['listing', 'title'] as const) {
    const sheets = files[screen]?.filter((f) => f.endsWith('.css')) ?? [];
    if (sheets.length > 0) styles[screen] = sheets.map((f) => fs.readFileSync(path.join(appDir, f), 'utf8')).join('\n');
  }
  return styles;
}

export function firstScreenPages(app: FastifyInstance, indexFile: string) {
  const ttlMs = app.config.contentCacheMs;
  const styles = firstScreenStyles(path.dirname(indexFile));
  const kept = new Map<string, { at: number; page: Promise<string | null> }>();

  const make = async (at: FirstScreen): Promise<string | null> => {
    try {
      const [shell, screen] = await Promise.all([fs.promises.readFile(indexFile, 'utf8'), draw(app, at)]);
      const css = at.screen === 'home' ? '' : styles[at.screen];
      if (!screen || css === undefined || !SLOT.test(shell)) return null;
      return shell.replace('</head>', () => (css ? `<style>${css}</style></head>` : '</head>')).replace(SLOT, () => screen);
    } catch (err) {
      app.log.warn({ err }, 'first screen not drawn; the plain shell goes out');
      return null;
    }
  };

  /** The page for this screen, or null for the plain shell. */
  return (at: FirstScreen): Promise<string | null> => {
    const key = JSON.stringify(at);
    const page = kept.get(key);
    if (page && Date.now() - page.at < ttlMs) return page.page;
    kept.delete(key);
    // The oldest goes first (a Map keeps its insertion order), so a crawl of every title keeps memory bounded.
    if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
    const made = { at: Date.now(), page: make(at) };
    kept.set(key, made);
    return made.page;
  };
}
