import fs from 'node:fs';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { COVER_SIZES, COVER_WIDTHS } from './src/shared/covers';
import { SCREENS, firstScreenPaths } from './src/app/routes/table';
import { bootData } from './src/app/routes/boot-data';
import { packScreenFiles } from './src/app/routes/screen-files';

const manifest = JSON.parse(fs.readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'));
const buildId = Date.now().toString(36);

/** Modules whose chunks index.html's boot script preloads by address (see there): the route
 * table's first screens, and the texts. */
const SCREEN_MODULES: Record<string, string> = {
  ...Object.fromEntries(SCREENS.flatMap((s) => (s.first ? [[s.first.name, `src/app/${s.module}`]] : []))),
  hi: 'locales/hi.json',
  screensEn: 'locales/screens/en.json',
  screensHi: 'locales/screens/hi.json',
};

/** The shell's own stylesheets go inline into index.html: the first paint then waits for no request
 * after the page itself (on a slow network each stylesheet is a round trip before anything shows).
 * Each <link> stays, so that Vite's preload of a lazy screen that lists the file finds it and does
 * not fetch it again, with a type no browser styles with, so that it is not fetched (Chromium 150
 * fetches a `disabled` one). The server allows the inline styles by their hashes. */
function inlineShellCss(html: string, bundle: Rollup.OutputBundle): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (link, file: string) => {
    const css = bundle[file];
    if (css?.type !== 'asset') return link;
    return `<style>${String(css.source)}</style>\n    ${link.replace('>', ' type="text/x-inlined">')}`;
  });
}

/** Each of these modules' files: its chunk, the chunks it imports and their CSS, less what the page
 * loads anyway. */
function filesOf(modules: Record<string, string>, html: string, bundle: Rollup.OutputBundle): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const loaded = new Set([...html.matchAll(/href="\/(assets\/[^"]+)"/g)].map((m) => m[1]));
  const files: Record<string, string[]> = {};
  for (const [key, module] of Object.entries(modules)) {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
    if (!chunk) throw new Error(`filesOf: no chunk for ${module}`);
    const found = new Set<string>();
    const walk = (name: string) => {
      const c = bundle[name];
      if (found.has(name) || loaded.has(name) || c?.type !== 'chunk') return;
      found.add(name);
      for (const css of c.viteMetadata?.importedCss ?? []) if (!loaded.has(css)) found.add(css);
      c.imports.forEach(walk);
    };
    walk(chunk.fileName);
    files[key] = [...found];
  }
  return files;
}

/** Fills index.html's list of each first screen's files and the covers' widths and sizes its boot
 * script preloads with, and the list of every screen's files and the screens' texts that link
 * prefetch (routes/prefetch.ts) fetches without running them. */
function preloadScreens(html: string, bundle: Rollup.OutputBundle): string {
  const everyScreen = Object.fromEntries(SCREENS.map((s) => [s.module, `src/app/${s.module}`]));
  const texts = { screensEn: SCREEN_MODULES.screensEn, screensHi: SCREEN_MODULES.screensHi };
  // The Devanagari font's files, for a Hindi page: fetched only when the app drew Hindi text, they
  // came after it on a slow network and the page moved when they swapped in (Hindi home: the text
  // wraps differently, a layout shift of 0.09).
  const hiFonts = Object.keys(bundle).filter((f) => /noto-sans-devanagari-devanagari-\d+-normal-[\w-]+\.woff2$/.test(f));
  if (hiFonts.length !== 2) throw new Error(`preloadScreens: ${hiFonts.length} Devanagari font files, not 2`);
  return html
    .replace('/*SCREEN_FILES*/ {}', JSON.stringify({ ...filesOf(SCREEN_MODULES, html, bundle), hiFonts }))
    .replace('/*LINK_FILES*/ {}', JSON.stringify(packScreenFiles(filesOf({ ...everyScreen, ...texts }, html, bundle))))
    .replace('/*COVERS*/ {}', JSON.stringify({ widths: COVER_WIDTHS, sizes: COVER_SIZES }));
}

/** Fills in what reader.html's boot script asks for to start the reader: its entry, the files
 * that entry's start waits for (the chunks it imports, `core` among them, and the screen texts it
 * awaits) and its stylesheets. Their tags leave the page: the boot script asks for all of them at
 * once, on a device new to Lectern as the opening page's image begins to arrive, which on a slow
 * network had shared the link with them (on Chromium's Slow 4G, 20-25 KB of code and stylesheets
 * alongside a 29 KB image). */
function readerStart(html: string, bundle: Rollup.OutputBundle): string {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const entry = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('src/app/features/reader/main.tsx')));
  const texts = chunks.find((c) => c.facadeModuleId?.endsWith(SCREEN_MODULES.screensEn));
  if (!entry || !texts) throw new Error('readerStart: no chunk for the reader or its texts');
  const size = (file: string) => {
    const out = bundle[file];
    return out?.type === 'chunk' ? out.code.length : 0;
  };
  const styles: string[] = [];
  let page = html.replace(/\s*<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_, href: string) => {
    styles.push(href);
    return '';
  });
  const script = new RegExp(`\\s*<script type="module"[^>]*src="/${entry.fileName}"></script>`);
  if (!styles.length || !script.test(page)) throw new Error("readerStart: the reader's stylesheets or entry not in reader.html");
  page = page.replace(script, '');
  // (the largest first: `core`)
  const files = [...entry.imports, texts.fileName].sort((a, b) => size(b) - size(a));
  const start = { entry: `/${entry.fileName}`, files: files.map((f) => `/${f}`), styles };
  return page.replace('/*READER_START*/ { entry: null, files: [], styles: [] }', JSON.stringify(start));
}

/** Module graph facts the chunk groups read; filled when the graph is complete (buildEnd), before
 * Rolldown splits chunks. */
const graph = {
  both: new Set<string>(),
  shell: new Set<string>(),
  readerHome: new Set<string>(),
  readerShared: new Set<string>(),
  homeShared: new Set<string>(),
  listingShared: new Set<string>(),
  titleShared: new Set<string>(),
  screensShared: new Set<string>(),
};
/** Modules that keep chunks of their own: large libraries only some screens need, and the app's
 * texts (not a library's own locales folder, such as zod's). zod is no longer one: the start
 * checks what it reads back from storage with it. */
const ZOD = /node_modules[\\/]zod[\\/]/;
const OWN_CHUNK = /node_modules[\\/]libphonenumber-js[\\/]|^(?:(?!node_modules).)*[\\/]locales[\\/]/;

/** Fewer, larger chunks. Left to itself Rolldown gives each set of screens that shares a module a
 * chunk of its own: 160 files, 54 of them for a title page. In a tab opened offline each file costs
 * the main thread a task of its own (5-10 ms on a slow phone), so a cold start was mostly spent
 * on the number of files. Now each of these is one chunk: what the app and the reader both load at
 * start (core), the rest of the app's start (shell), the reader's modules that screens use too
 * (reader-home: those home imports; reader-shared: the others), what home shares with other
 * screens and what a listing and a title page both import (home-shared), what only one of the two
 * imports (listing-shared, title-shared), and what two or more other screens share (screens-shared);
 * less the large libraries and what imports them, and zod with the schemas and what imports them:
 * those Rolldown splits by the set of screens that shares them, so a screen builds only the schemas
 * it uses when it loads (one chunk of every shared schema made the sign-in or search screen build
 * the console's too, the larger part of a task of 0.7 s at 4x CPU at the tap). A first screen thus
 * loads little it does not run (before, a listing and a title page loaded zod and every schema,
 * 48 KB gzip). */
function chunkGraph(): Plugin {
  return {
    name: 'lectern-chunk-graph',
    apply: 'build',
    buildEnd() {
      for (const set of Object.values(graph)) set.clear(); // a rebuild (watch mode) starts afresh
      const closures = new Map<string, Set<string>>();
      const staticClosure = (root: string) => {
        let seen = closures.get(root);
        if (seen) return seen;
        seen = new Set<string>();
        const stack = [root];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        closures.set(root, seen);
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const moduleId = (file: string) => ids.find((id) => id.endsWith(file))!;
      const [appEntry, readerEntry] = [moduleId('src/app/main.tsx'), moduleId('src/app/features/reader/main.tsx')];
      // (React DOM is imported by the app's start in a step of its own, main.tsx: still the start's)
      const app = new Set([...staticClosure(appEntry), ...staticClosure(moduleId('node_modules/react-dom/client.js'))]);
      const reader = staticClosure(readerEntry);
      const home = staticClosure(moduleId(SCREEN_MODULES.home));
      const listing = staticClosure(moduleId(SCREEN_MODULES.listing));
      const title = staticClosure(moduleId(SCREEN_MODULES.title));
      const screens = new Map<string, number>();
      for (const id of ids) {
        if (this.getModuleInfo(id)?.dynamicImporters.length)
          for (const dep of staticClosure(id)) screens.set(dep, (screens.get(dep) ?? 0) + 1);
      }
      for (const id of ids) {
        // The entries keep their own chunks: their start awaits the first screen (top-level await),
        // and a screen that imported a chunk holding one would wait for that start in turn.
        if (id === appEntry || id === readerEntry) continue;
        if (app.has(id) && reader.has(id)) graph.both.add(id);
        else if (app.has(id)) graph.shell.add(id);
        else if (reader.has(id)) {
          if (screens.has(id)) (home.has(id) ? graph.readerHome : graph.readerShared).add(id);
        } else if ((screens.get(id) ?? 0) < 2 || [...staticClosure(id)].some((dep) => OWN_CHUNK.test(dep))) continue;
        else if (home.has(id) || (listing.has(id) && title.has(id))) graph.homeShared.add(id);
        else if (listing.has(id)) graph.listingShared.add(id);
        else if (title.has(id)) graph.titleShared.add(id);
        else if (![...staticClosure(id)].some((dep) => ZOD.test(dep))) graph.screensShared.add(id);
      }
    },
  };
}

/** The first screens' paths and a visitor's data requests in index.html's boot script, from the
 * route table (in development too: the boot script's data requests depend on them). */
function bootScreenPaths(): Plugin {
  return {
    name: 'lectern-boot-screen-paths',
    transformIndexHtml: async (html) =>
      html
        .replace('/*SCREEN_PATHS*/ {}', JSON.stringify(firstScreenPaths()))
        .replace('/*SCREEN_DATA*/ {}', JSON.stringify(await bootData())),
  };
}

/** The built index.html's first-load work: inline stylesheets, then the screens' file lists. */
function shellPage(): Plugin {
  return {
    name: 'lectern-shell-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { filename, bundle }) =>
        !bundle
          ? html
          : filename.endsWith('index.html')
            ? preloadScreens(inlineShellCss(html, bundle), bundle)
            : filename.endsWith('reader.html')
              ? readerStart(html, bundle)
              : html,
    },
  };
}

// The server's drawing of first screens (npm run build's second step, `vite build --ssr`,
// src/app/entry-server.tsx) is one Node module and its lazy screens: no shell page, chunk groups,
// input pages or service worker.
export default defineConfig(({ isSsrBuild }) => ({
  root: '.',
  publicDir: 'public',
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
    // The server's drawing runs React's production build whatever NODE_ENV the server starts with
    // (unset on a local start and in the benches, where Node picked the development build, which
    // took 25-100 % longer to draw a first screen): its packages are bundled into it
    // (ssr.noExternal below), their checks of NODE_ENV settled here.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    // No module preloading for lazy screens: every dynamic import carried the list of its chunks'
    // files (2.3 KB gzip of the first load's 150 KB budget) so they could be fetched in parallel.
    // The service worker precaches every chunk after the first load, so a later screen's chunks
    // come from the device and a chain of them costs nothing. A screen's CSS still loads with it,
    // and index.html's boot script still preloads the first screen's files (preloadScreens).
    modulePreload: false,
    // The reader is its own small page (reader.html), opened in a new tab.
    rollupOptions: isSsrBuild
      ? {}
      : {
          input: { main: 'index.html', reader: 'reader.html' },
          output: {
            codeSplitting: {
              groups: [
                { name: 'core', test: (id) => graph.both.has(id), priority: 3 },
                { name: 'shell', test: (id) => graph.shell.has(id), priority: 2 },
                { name: 'reader-home', test: (id) => graph.readerHome.has(id), priority: 1, includeDependenciesRecursively: false },
                { name: 'reader-shared', test: (id) => graph.readerShared.has(id), priority: 1, includeDependenciesRecursively: false },
                // Lazy modules' other dependencies are in the chunks above, or stay where Rolldown puts them.
                { name: 'home-shared', test: (id) => graph.homeShared.has(id), priority: 1, includeDependenciesRecursively: false },
                { name: 'listing-shared', test: (id) => graph.listingShared.has(id), priority: 1, includeDependenciesRecursively: false },
                { name: 'title-shared', test: (id) => graph.titleShared.has(id), priority: 1, includeDependenciesRecursively: false },
                { name: 'screens-shared', test: (id) => graph.screensShared.has(id), priority: 0, includeDependenciesRecursively: false },
              ],
            },
          },
        },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/content': 'http://127.0.0.1:8080', '/media': 'http://127.0.0.1:8080' } },
  plugins: [
    react(),
    ...(isSsrBuild ? [] : [chunkGraph(), bootScreenPaths(), shellPage()]),
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifest,
        injectManifest: {
          // The shell and the reader with their screens and the English table (bundled into the entry); the Hindi
          // table and fonts are cached by the service worker when first used.
          globPatterns: ['index.html', 'reader.html', 'assets/*.{js,css}', 'icons/icon-192.png', 'icons/badge-96.png'],
          globIgnores: ['assets/hi-*.js', 'assets/devanagari-*.css'],
        },
      }),
  ],
}));
