// reader.html's boot script sends the reader's first requests before the app's code has loaded.
// It cannot import the shared paths, so this checks it asks for exactly what the reader will use.
import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { manifestPath, pageCssWidthFor, pageImagePath, pageSizeFor } from '../../../shared/reader-paths';

const html = fs.readFileSync(new URL('../../../../reader.html', import.meta.url), 'utf8');
const [script, bodyScript] = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);

function boot(url: string, width: number, pixelRatio: number, height = 800, files: string[] = []) {
  const u = new URL(url, 'https://lectern.test');
  const preloads: Record<string, string>[] = [];
  const body: Record<string, unknown>[] = [];
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
    location: { pathname: u.pathname, search: u.search, hash: u.hash },
    URLSearchParams,
    innerWidth: width,
    innerHeight: height,
    devicePixelRatio: pixelRatio,
    document: {
      createElement: element,
      head: { appendChild: (el: Record<string, string>) => preloads.push(el) },
      body: { appendChild: (el: Record<string, unknown>) => body.push(el) },
    },
    fetch: (path: string) => {
      fetched.push(path);
      return new Promise(() => undefined);
    },
  };
  win.window = win;
  // The build fills in the reader's files (vite.config.ts preloadReader).
  vm.runInNewContext(script.replace('/*READER_FILES*/ []', JSON.stringify(files)), win);
  vm.runInNewContext(bodyScript, win);
  const shown = body.map((frame) => (frame.children as Record<string, string>[])[0].src);
  return { readerBoot: win.readerBoot as { code: string } | undefined, preloads, fetched, shown };
}

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

  it('opens at the cover without a page, and does nothing without a token', () => {
    expect(boot('/reader/12?edz=1&code=abc', 360, 1).preloads[0].href).toBe(pageImagePath(12, 1, 'small', 'abc'));
    const none = boot('/reader/12?edz=1#page/2', 360, 1);
    expect([none.readerBoot, none.preloads.length, none.fetched.length]).toEqual([undefined, 0, 0]);
  });

  it('shows the opening page only where the reader shows it alone, and preloads the code after the image', () => {
    const url = (hash: string) => `/reader/12?edz=1&code=abc${hash}`;
    // No page named: the reader may resume elsewhere, so nothing is shown (only preloaded).
    expect(boot(url(''), 360, 2).shown).toEqual([]);
    // Facing pages: the cover alone is shown, a spread is left to the reader.
    expect(boot(url('#page/1'), 1280, 1).shown).toEqual([pageImagePath(12, 1, 'large', 'abc')]);
    expect(boot(url('#page/4'), 1280, 1).shown).toEqual([]);
    expect(boot(url('#page/4'), 800, 1, 1000).shown).toEqual([pageImagePath(12, 4, 'large', 'abc')]);
    const { preloads } = boot(url('#page/2'), 360, 2, 800, ['/assets/reader-shared-x.js', '/assets/en-y.js']);
    expect(preloads.map((p) => [p.rel, p.href])).toEqual([
      ['preload', pageImagePath(12, 2, 'large', 'abc')],
      ['modulepreload', '/assets/reader-shared-x.js'],
      ['modulepreload', '/assets/en-y.js'],
    ]);
    expect(boot('/reader/12?edz=1#page/2', 360, 2, 800, ['/assets/en-y.js']).preloads).toEqual([]);
  });
});
