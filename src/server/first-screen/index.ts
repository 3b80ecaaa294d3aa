// The shell page with a screen's first view drawn in, for a visitor's first load of home, a
// listing (/magazines/{catId}) or a title page (/magazine/{mid}-{Name}): drawn by the app's own
// route tree and components (src/app/entry-server.tsx, built into the app's ssr/ folder), which
// the app then hydrates with the answers it was drawn from (put in the page as JSON). Only for a
// visitor, whose answers are everyone's (no institution or age rating cookie, as index.html's boot
// script decides too): anyone else gets the plain shell and the app draws their screen. In Hindi,
// home only: a page drawn before the Devanagari font has arrived wrapped its text otherwise when
// the font swapped in, and the shelves moved 24 px. So the drawn Hindi page keeps the font of its
// first paint: its Devanagari faces are `font-display: optional` there (our font when it is at hand
// within a moment, installed or in the device's cache, else the device's own Devanagari font). Each
// drawn page is kept for the content cache's time, like the answers it is made from (and its
// brotli and gzip bodies, each compressed once, as a visitor first asks for them); when
// anything fails (or there is nothing to draw, or the app was built without its drawing) the
// plain shell goes out, which the app fills as always.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { selfRequestHeaders } from '../self-requests';
import { DEVANAGARI_MARK, unmarkedDevanagari } from '../../shared/devanagari-font';
import type { Encoding } from '../plugins/response-cache';

/** index.html marks what the server may replace: everything in the app's root element. */
const SLOT = /<!--first-screen-->[\s\S]*?<!--\/first-screen-->/;
/** The build's list of each screen's files in the shell's boot script (vite.config.ts preloadScreens). */
const SCREEN_FILES = /var files = (\{[^;]*\});/;
/** The <link> elements at the start of React's markup. */
const LEADING_LINKS = /^(?:<link [^>]*>)*/;
/** Drawn pages kept at once: every listing and title asked for within the cache's time, up to this. */
const KEPT_MAX = 500;
/** The element that carries the drawn screen's answers (main.tsx reads it). */
export const FIRST_SCREEN_STATE = 'first-screen-state';
/** The shell's inline stylesheets, and its Devanagari faces in them (src/app/fonts.css). */
const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/g;
const DEVANAGARI_FACES = /@font-face\s*\{[^}]*Noto Sans Devanagari[^}]*\}/g;
/** The shell's page or stylesheet with its Devanagari faces held at the first paint. */
const holdingDevanagari = (text: string) =>
  text.replace(DEVANAGARI_FACES, (face) => face.replace(/font-display:\s*swap/, 'font-display:optional'));

/** The app's drawing (src/app/entry-server.tsx), as built. */
export interface Drawing {
  drawsAt(pathname: string): boolean;
  render(url: string, fetchFromServer: typeof fetch): Promise<{ html: string; state: unknown } | null>;
}

/** The built drawing in the app's folder, or null when the app was built without it. */
export async function loadDrawing(appDir: string): Promise<Drawing | null> {
  const file = path.join(appDir, 'ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Drawing;
}

/** The address to draw for this request (its path), or null for the plain shell. */
export function firstScreenOf(req: FastifyRequest, drawing: Drawing): string | null {
  if (req.cookies.libraryId !== undefined || req.cookies.ageRating !== undefined) return null;
  // (matched as sent: a name outside ASCII comes percent-encoded and never equals its segment, so
  // such a title is not drawn, which is as well: its Devanagari name would move when the font swaps in)
  const pathname = req.url.split('?')[0];
  return drawing.drawsAt(pathname) ? pathname : null;
}

type FirstScreenStyles = Partial<Record<'listing' | 'title' | 'hindiShell', string>>;

/** The stylesheets of the lazy screens the server draws, read from the build once: they go into
 * the drawn page's head, inline, so its first paint needs no request more (the security policy
 * allows them by their hashes, plugins/security-headers.ts). The app loads the same files with
 * the screen's code. None for a screen the build does not list (and so not drawn). And the
 * shell's own stylesheet as the drawn Hindi page has it, its Devanagari faces held (see above). */
export function firstScreenStyles(appDir: string): FirstScreenStyles {
  const shell = path.join(appDir, 'index.html');
  const html = fs.existsSync(shell) ? fs.readFileSync(shell, 'utf8') : '';
  const listed = SCREEN_FILES.exec(html);
  if (!listed) return {};
  const files = JSON.parse(listed[1]) as Record<string, string[]>;
  const styles: FirstScreenStyles = {};
  const withFaces = [...html.matchAll(INLINE_STYLE)].map((m) => m[1]).filter((css) => css.includes('Noto Sans Devanagari'));
  if (withFaces.length === 1) styles.hindiShell = holdingDevanagari(withFaces[0]);
  for (const screen of ['listing', 'title'] as const) {
    const sheets = files[screen]?.filter((f) => f.endsWith('.css')) ?? [];
    if (sheets.length > 0) styles[screen] = sheets.map((f) => fs.readFileSync(path.join(appDir, f), 'utf8')).join('\n');
  }
  return styles;
}

/** The drawing's requests, answered by this server as a visitor's would be (no cookies, no token). */
function askingItself(app: FastifyInstance): typeof fetch {
  return async (input) => {
    const res = await app.inject({ method: 'GET', url: String(input), headers: { accept: 'application/json', ...selfRequestHeaders() } });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** JSON for a page's <script type="application/json">: no `<` that could close the element. */
export const jsonInPage = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const screenOfPath = (pathname: string): 'home' | 'listing' | 'title' =>
  pathname === '/' || isHindi(pathname) ? 'home' : pathname.startsWith('/magazines/') ? 'listing' : 'title';
const isHindi = (pathname: string) => /^\/hi(\/|$)/.test(pathname);

/** A drawn page, and its compressed bodies as they are first asked for (plugins/response-cache.ts sendKept). */
export interface FirstScreenPage {
  html: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

export function firstScreenPages(app: FastifyInstance, indexFile: string, drawing: Drawing) {
  const ttlMs = app.config.contentCacheMs;
  const styles = firstScreenStyles(path.dirname(indexFile));
  const kept = new Map<string, { at: number; page: Promise<FirstScreenPage | null> }>();
  const fetchFromServer = askingItself(app);

  const make = async (pathname: string): Promise<FirstScreenPage | null> => {
    try {
      const [shell, drawn] = await Promise.all([fs.promises.readFile(indexFile, 'utf8'), drawing.render(pathname, fetchFromServer)]);
      const screen = screenOfPath(pathname);
      const hindi = isHindi(pathname);
      const css = screen === 'home' ? '' : styles[screen];
      if (!drawn || css === undefined || (hindi && !styles.hindiShell) || !SLOT.test(shell)) return null;
      // React puts its preloads of the first covers ahead of the screen: they go into the head,
      // where they belong, and the root holds only what the app hydrates.
      const preloads = LEADING_LINKS.exec(drawn.html)![0];
      // Devanagari that does not say its language has the font only if the whole page takes it.
      const wholePageDevanagari = !hindi && unmarkedDevanagari(drawn.html);
      const state = `<script type="application/json" id="${FIRST_SCREEN_STATE}">${jsonInPage(drawn.state)}</script>`;
      const html = (hindi ? holdingDevanagari(shell) : shell)
        .replace('<html lang="en">', `<html lang="${hindi ? 'hi' : 'en'}" data-drawn${wholePageDevanagari ? ` ${DEVANAGARI_MARK}` : ''}>`)
        .replace('</head>', () => `${preloads}${css ? `<style>${css}</style>` : ''}</head>`)
        .replace(SLOT, () => drawn.html.slice(preloads.length))
        .replace('</body>', () => `${state}</body>`);
      return { html, encoded: {} };
    } catch (err) {
      app.log.warn({ err }, 'first screen not drawn; the plain shell goes out');
      return null;
    }
  };

  /** The page for this address, or null for the plain shell. */
  return (pathname: string): Promise<FirstScreenPage | null> => {
    const page = kept.get(pathname);
    if (page && Date.now() - page.at < ttlMs) return page.page;
    kept.delete(pathname);
    // The oldest goes first (a Map keeps its insertion order), so a crawl of every title keeps memory bounded.
    if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
    const made = { at: Date.now(), page: make(pathname) };
    kept.set(pathname, made);
    return made.page;
  };
}
