// A server just started runs its first answers in code V8 has not compiled yet: on 10,000 titles,
// the first drawn home page took 182 ms against 6 ms once warm, a listing 18 ms against 5
// (docs/performance.md). So before it listens, the server asks itself what a phone's first visit
// asks: the drawn home, listing and title pages, home, categories, the quick listings' first
// pages, and ten titles and their issues. A rolling restart's new worker then meets its first
// readers warm. The questions only read and record no reading; they leave home in the response
// cache; the metrics leave them out (their requests as for all the server's own requests,
// self-requests.ts; their cache lookups by app.warmingUp), and so does the rate limit. A failed
// answer or a thrown error stops the warm-up: with the database away, each question would wait
// for its connect timeout while the server does not listen.
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as endpoints from '../shared/endpoints';
import { QUICK_CATEGORY_CODES } from '../shared/constants';
import { selfRequestHeaders } from './self-requests';

/** Listing pages per quick category, and the titles whose page and issues are asked for. */
const PAGES = 3;
const TITLES = 10;
/** However far it got, the server listens after this long. */
const BUDGET_MS = 5_000;

export interface WarmUp {
  /** requests answered 200 */
  answered: number;
  /** requests made, the last the one that stopped it if it stopped */
  asked: number;
  ms: number;
  stopped?: string;
}

export async function warmUp(app: FastifyInstance): Promise<WarmUp> {
  const started = performance.now();
  const done: WarmUp = { answered: 0, asked: 0, ms: 0 };
  const ask = async (url: string): Promise<LightMyRequestResponse | undefined> => {
    if (done.stopped) return undefined;
    if (performance.now() - started > BUDGET_MS) {
      done.stopped = `out of time after ${BUDGET_MS} ms`;
      return undefined;
    }
    done.asked++;
    try {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip', ...selfRequestHeaders() } });
      if (res.statusCode === 200) {
        done.answered++;
        return res;
      }
      // A 404 is an empty catalogue's answer, not a fault.
      if (res.statusCode !== 404) done.stopped = `${url} answered ${res.statusCode}`;
    } catch (err) {
      done.stopped = `${url} failed: ${(err as Error).message}`;
    }
    return undefined;
  };

  app.warmingUp = true;
  try {
    // The first screens as a phone's first visit asks for them, drawn by the server, and the
    // catalogue's answers the app then asks for.
    await ask('/');
    await ask(endpoints.contentHome.path);
    await ask(endpoints.contentCategories.path);
    const cards = new Map<number, string>();
    for (let page = 0; page < PAGES; page++)
      for (const category of QUICK_CATEGORY_CODES) {
        const res = await ask(`${endpoints.contentMagazineFilter.path}?categoryID=${category}&page=${page}`);
        const listed = res ? (JSON.parse(decoded(res)) as { magazineList: { mid: number; browserLinkUrl: string }[] }).magazineList : [];
        for (const card of listed) if (cards.size < TITLES) cards.set(card.mid, card.browserLinkUrl);
      }
    for (const mid of cards.keys()) {
      await ask(`${endpoints.contentMagMeta.path}?mid=${mid}`);
      await ask(`${endpoints.contentIssuesByMag.path}?mid=${mid}`);
    }
    await ask(`/magazines/${QUICK_CATEGORY_CODES[0]}`);
    const [titlePage] = cards.values();
    if (titlePage) await ask(titlePage);
  } finally {
    app.warmingUp = false;
  }
  done.ms = performance.now() - started;
  return done;
}

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.payload;
}
