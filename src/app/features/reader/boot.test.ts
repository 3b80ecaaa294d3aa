// reader.html's boot script sends the reader's first requests before the app's code has loaded.
// It cannot import the shared paths, so this checks it asks for exactly what the reader will use.
import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { manifestPath, pageCssWidthFor, pageImagePath, pageSizeFor } from '../../../shared/reader-paths';

const html = fs.readFileSync(new URL('../../../../reader.html', import.meta.url), 'utf8');
const [script, bodyScript] = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);

const START = {
  entry: '/assets/reader-e.js',
  files: ['/assets/core-c.js', '/assets/en-y.js', '/assets/reader-shared-x.js'],
  styles: ['/assets/core-s.css', '/assets/reader-r.css'],
};

/** Runs reader.html's two scripts in a page of this size; `start` is what the build fills in, and
 * `kept` says a service worker controls the page. */
function boot(
  url: string,
  width: number,
  pixelRatio: number,
  height = 800,
  { start = START, kept = false, documentMs = 600, referrer = '' } = {},
) {
  const u = new URL(url, 'https://lectern.test');
  const head: Record<string, string>[] = [];
  const body: Record<string, unknown>[] = [];
  const timers: number[] = [];
  const due: (() => void)[] = [];
  const element = () => ({
    children: [] as unknown[],
    setAttribute(this: Record<string, string>, k: string, v: string) {
      this[k] = v;
    },
    appendChild(this: { children: unknown[] }, child: unknown) {
      this.children.push(child);
    },
  });
  const fetched: string[] = [];
  const win: Record<string, unknown> = {
    location: { origin: u.origin, pathname: u.pathname, search: u.search, hash: u.hash },
    URLSearchParams,
    Promise,
    innerWidth: width,
    innerHeight: height,
    devicePixelRatio: pixelRatio,
    navigator: { serviceWorker: { controller: kept ? {} : null } },
    setTimeout: (fn: () => void, ms: number) => (due.push(fn), timers.push(ms)),
    // The document's round trip: asked for at 10 ms, in at 10 + documentMs.
    performance: { getEntriesByType: () => (documentMs ? [{ requestStart: 10, responseEnd: 10 + documentMs }] : []) },
    document: {
      referrer,
      createElement: element,
      head: { appendChild: (el: Record<string, string>) => head.push(el) },
      body: { appendChild: (el: Record<string, unknown>) => body.push(el) },
    },
    fetch: (path: string) => {
      fetched.push(path);
      return new Promise(() => undefined);
    },
  };
  win.window = win;
  vm.runInNewContext(script.replace('/*READER_START*/ { entry: null, files: [], styles: [] }', JSON.stringify(start)), win);
  vm.runInNewContext(bodyScript, win);
  const images = body.map((frame) => (frame.children as Record<string, unknown>[])[0]);
  const shown = images.map((img) => img.src as string);
  /** The opening page's image has come in. */
  const imageIn = () => (images[0].onload as () => void)();
  const preloads = head.filter((el) => el.rel === 'preload');
  /** What went into <head> to start the reader, in order. */
  const started = () => head.filter((el) => el.rel !== 'preload').map((el) => [el.rel ?? el.type, el.href ?? el.src]);
  /** The timers' time has come. */
  const timersDue = () => due.forEach((fn) => fn());
  return { readerBoot: win.readerBoot as { code: string } | undefined, preloads, fetched, shown, imageIn, started, timers, timersDue };
}

/** The reader's start in the order it goes out: its entry, the largest import, the stylesheets. */
const STARTED = [
  ['module', '/assets/reader-e.js'],
  ['modulepreload', '/assets/core-c.js'],
  ['stylesheet', '/assets/core-s.css'],
  ['stylesheet', '/assets/reader-r.css'],
  ['modulepreload', '/assets/en-y.js'],
  ['modulepreload', '/assets/reader-shared-x.js'],
];

describe('reader boot script', () => {
  const code = 'eyJ.a+b/c=.sig';

  it('asks for the issue and preloads the opening page at the size the reader picks', () => {
    for (const [width, ratio, height, expected] of [
      [360, 1, 800, 'small'],
      [360, 2, 800, 'large'],
      [360, 3, 780, 'large'], // a phone at DPR 3, upright: 1,080 device pixels
      [780, 3, 360, 'xlarge'], // the same phone held sideways: the page fills the width
      [480, 1, 800, 'small'],
      [1280, 1, 800, 'large'],
      [1440, 2, 900, 'large'],
      [2560, 2, 1440, 'xlarge'],
    ] as const) {
      const { readerBoot, preloads, fetched, shown } = boot(
        `/reader/12?edz=1&code=${encodeURIComponent(code)}#page/3`,
        width,
        ratio,
        height,
      );
      expect(pageSizeFor(pageCssWidthFor(width, height), ratio)).toBe(expected);
      const image = pageImagePath(12, 3, expected, code);
      expect(fetched).toEqual([manifestPath(12, code)]);
      expect(preloads).toEqual([expect.objectContaining({ rel: 'preload', as: 'image', href: image, fetchpriority: 'high' })]);
      // Shown before the reader's code runs, unless the reader shows it differently (a phone held
      // sideways; page 3 beside page 2 on a wide landscape screen).
      const alone = !(width > height && (height <= 500 || (width >= 900 && height >= 501)));
      expect(shown).toEqual(alone ? [image] : []);
      expect(readerBoot).toMatchObject({ code });
    }
  });

  it('opens at the cover without a page, and without a token asks for nothing but the reader', () => {
    expect(boot('/reader/12?edz=1&code=abc', 360, 1).preloads[0].href).toBe(pageImagePath(12, 1, 'small', 'abc'));
    const none = boot('/reader/12?edz=1#page/2', 360, 1);
    expect([none.readerBoot, none.preloads.length, none.fetched.length]).toEqual([undefined, 0, 0]);
    expect(none.started()).toEqual(STARTED); // (the reader says what is wrong)
  });

  it('shows the opening page only where the reader shows it alone', () => {
    const url = (hash: string) => `/reader/12?edz=1&code=abc${hash}`;
    // No page named: the reader may resume elsewhere, so nothing is shown (only preloaded).
    expect(boot(url(''), 360, 2).shown).toEqual([]);
    // Facing pages: the cover alone is shown, a spread is left to the reader.
    expect(boot(url('#page/1'), 1280, 1).shown).toEqual([pageImagePath(12, 1, 'large', 'abc')]);
    expect(boot(url('#page/4'), 1280, 1).shown).toEqual([]);
    expect(boot(url('#page/4'), 800, 1, 1000).shown).toEqual([pageImagePath(12, 4, 'large', 'abc')]);
  });

  it("asks for the reader's code and stylesheets once the page shown first is in, at once otherwise", () => {
    const url = (hash: string) => `/reader/12?edz=1&code=abc${hash}`;
    const first = boot(url('#page/2'), 360, 2);
    expect(first.started()).toEqual([]);
    // One round trip after the image was asked for, when its bytes begin to arrive (the timer
    // starts the reader as the image's load does); 3 s at most, and when the trip is not known.
    expect(first.timers).toEqual([600]);
    expect(boot(url('#page/2'), 360, 2, 800, { documentMs: 9000 }).timers).toEqual([3000]);
    expect(boot(url('#page/2'), 360, 2, 800, { documentMs: 0 }).timers).toEqual([3000]);
    const timed = boot(url('#page/2'), 360, 2);
    timed.timersDue();
    expect(timed.started()).toEqual(STARTED);
    first.imageIn();
    expect(first.started()).toEqual(STARTED);
    first.imageIn(); // (a second call, its error say, asks again for nothing)
    expect(first.started()).toEqual(STARTED);
    // Nothing shown first; or the code on the device, kept by the service worker: at once.
    expect(boot(url(''), 360, 2).started()).toEqual(STARTED);
    expect(boot(url('#page/2'), 360, 2, 800, { kept: true }).started()).toEqual(STARTED);
    // Opened by the app (its code is in the browser's cache); not by another site.
    expect(boot(url('#page/2'), 360, 2, 800, { referrer: 'https://lectern.test/magazine/4' }).started()).toEqual(STARTED);
    expect(boot(url('#page/2'), 360, 2, 800, { referrer: 'https://lectern.test.evil/x' }).started()).toEqual([]);
    // In development the page's own module script starts the reader.
    const dev = boot(url('#page/2'), 360, 2, 800, { start: { entry: null, files: [], styles: [] } as never });
    dev.imageIn();
    expect(dev.started()).toEqual([]);
  });
});
