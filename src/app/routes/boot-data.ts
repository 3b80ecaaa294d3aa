// The data requests index.html's boot script sends for a visitor's first screen, before the app's
// code has loaded. They are not written by hand: the build (vite.config.ts) runs each first
// screen's `data` from the route table with a visitor's scope and records the URLs its queries
// send, so the boot script asks exactly what the app will (contentGet takes each answer once).
// A path parameter is given as a sentinel number and comes out as a placeholder, {name}, which
// the boot script fills in from the address.
import { QueryClient } from '@tanstack/react-query';
import * as homeQueries from '../features/home/queries';
import * as listingQueries from '../features/listing/queries';
import * as titleQueries from '../features/title/queries';
import { sendRequestsWith } from '../lib/http';
import { readerScope } from '../lib/scope';
import { SCREENS, pathPatternSource, type FirstScreen, type FirstScreenName, type ScreenQueries } from './table';

const queries: ScreenQueries = { home: homeQueries, listing: listingQueries, title: titleQueries };

export type BootData = {
  /** The screen's main address (its first path) as a pattern: only there does the boot script ask. */
  path: string;
  /** Each parameter's pattern (see FirstScreen.bootParams). */
  params: Record<string, string>;
  /** The URLs, in the order the screen's data asks them, with {name} for each parameter. */
  urls: string[];
};

// Digits, so that a parameter read as a title id (midOf) is one; nine, as the longest id.
const sentinel = (i: number) => String(987_654_321 + i);

async function urlsOf<K extends FirstScreenName>(first: FirstScreen<K>, names: string[]): Promise<string[]> {
  const sent: string[] = [];
  sendRequestsWith((input) => {
    sent.push(String(input));
    return new Promise<Response>(() => {}); // never answered: only the URL counts
  });
  const params = Object.fromEntries(names.map((name, i) => [name, sentinel(i)]));
  void first.data(params, queries[first.name], new QueryClient(), readerScope());
  await new Promise((resolve) => setTimeout(resolve, 0)); // (an infinite query sends a tick later)
  return sent.map((url) => names.reduce((u, name, i) => u.split(sentinel(i)).join(`{${name}}`), url));
}

/** Each first screen's boot data, for a visitor (no token, institution or age rating). */
export async function bootData(): Promise<Partial<Record<FirstScreenName, BootData>>> {
  const out: Partial<Record<FirstScreenName, BootData>> = {};
  for (const screen of SCREENS) {
    if (!screen.first) continue;
    const path = screen.paths[0];
    const names = path
      .split('/')
      .filter((s) => s.startsWith(':'))
      .map((s) => s.slice(1));
    out[screen.first.name] = {
      path: pathPatternSource(path),
      params: screen.first.bootParams ?? {},
      urls: await urlsOf(screen.first, names),
    };
  }
  sendRequestsWith((input, init) => fetch(input, init));
  return out;
}
