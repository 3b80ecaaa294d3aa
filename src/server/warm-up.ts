// A server just started runs its first answers in code V8 has not compiled yet: on 10,000 titles,
// the first drawn home page took 182 ms against 6 ms once warm, a listing 18 ms against 5
// (docs/performance.md). So before it listens, the server asks itself what a phone's first visit
// asks: the drawn home, listing and title pages, home, categories, the quick listings' first
// pages, ten titles and their issues, and three covers. A reader's requests run code a visitor's
// do not (a session token checked and its session looked up, the reader token's POST, a page
// image's reader code: the first signed-in home took 20-28 ms, the next 3-6), so it asks those too,
// with tokens signed for a session that does not exist: the checks run and find no one, home
// answers as to a visitor, and the reader token (401) and the page image (403) are refused. Last,
// on PostgreSQL, every connection of the pool is opened and prepares the statements those
// questions ran (db/warm-connections.ts). A rolling restart's new worker then meets its first
// readers warm. The questions only read and record no reading; they leave home in the response
// cache; the metrics leave them out (their requests as for all the server's own requests,
// self-requests.ts; their cache lookups by app.warmingUp), and so does the rate limit. A failed
// answer or a thrown error stops the warm-up: with the database away, each question would wait
// for its connect timeout while the server does not listen.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as endpoints from '../shared/endpoints';
import { QUICK_CATEGORY_CODES } from '../shared/constants';
import { pageImagePath } from '../shared/reader-paths';
import type { MagazineCard, MagazineFilterResponse, MagazineMeta } from '../shared/schemas/content';
import { selfRequestHeaders } from './self-requests';
import { readerTokens } from './services/reader-tokens';
import { XSRF_COOKIE, XSRF_HEADER } from './plugins/xsrf';

/** Listing pages per quick category, and the titles whose page and issues are asked for. */
const PAGES = 3;
const TITLES = 10;
const COVERS = 3;
/** A page with its first screen drawn in (first-screen/index.ts marks it). */
const DRAWN = /<html[^>]* data-drawn[ >]/;
/** However far it got, the server listens after this long. */
const BUDGET_MS = 5_000;

export interface WarmUp {
  /** requests answered as expected (200; the refusals of a session that does not exist) */
  answered: number;
  /** requests made, the last the one that stopped it if it stopped */
  asked: number;
  /** answers by status */
  statuses: Record<number, number>;
  /** pages answered with their first screen drawn (first-screen/): home, a listing, a title */
  drawn: number;
  /** PostgreSQL: database connections opened and warmed (db/warm-connections.ts) */
  connections?: number;
  ms: number;
  stopped?: string;
}

export async function warmUp(app: FastifyInstance): Promise<WarmUp> {
  const started = performance.now();
  const done: WarmUp = { answered: 0, asked: 0, statuses: {}, drawn: 0, ms: 0 };
  const ask = async (
    url: string,
    {
      method = 'GET',
      headers = {},
      payload,
      expect = 200,
    }: { method?: 'GET' | 'POST'; headers?: Record<string, string>; payload?: string; expect?: number } = {},
  ): Promise<LightMyRequestResponse | undefined> => {
    if (done.stopped) return undefined;
    if (performance.now() - started > BUDGET_MS) {
      done.stopped = `out of time after ${BUDGET_MS} ms`;
      return undefined;
    }
    done.asked++;
    try {
      const res = await app.inject({
        method,
        url,
        payload,
        headers: { 'accept-encoding': 'br, gzip', ...headers, ...selfRequestHeaders() },
      });
      done.statuses[res.statusCode] = (done.statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode === expect) {
        done.answered++;
        if (String(res.headers['content-type']).startsWith('text/html') && DRAWN.test(decoded(res))) done.drawn++;
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
    const cards = new Map<number, MagazineCard>();
    for (let page = 0; page < PAGES; page++)
      for (const category of QUICK_CATEGORY_CODES) {
        const res = await ask(`${endpoints.contentMagazineFilter.path}?categoryID=${category}&page=${page}`);
        const listed = res ? (JSON.parse(decoded(res)) as MagazineFilterResponse).magazineList : [];
        for (const card of listed) if (cards.size < TITLES) cards.set(card.mid, card);
      }
    // The title page drawn is of a title blocked nowhere: one blocked in some country is not
    // drawn (a visitor's country is not known), and would leave the drawing of titles cold.
    let drawable: MagazineCard | undefined;
    for (const [mid, card] of cards) {
      const meta = await ask(`${endpoints.contentMagMeta.path}?mid=${mid}`);
      if (!drawable && meta && (JSON.parse(decoded(meta)) as MagazineMeta).blockedCountries.length === 0) drawable = card;
      await ask(`${endpoints.contentIssuesByMag.path}?mid=${mid}`);
    }
    await ask(`/magazines/${QUICK_CATEGORY_CODES[0]}`);
    if (drawable) await ask(drawable.browserLinkUrl);
    const covers = [...cards.values()].flatMap((c) => (c.imageSrc?.startsWith('/media/') ? [c.imageSrc] : []));
    for (const cover of covers.slice(0, COVERS)) await ask(cover);

    // Reading, signed in as nobody.
    const issue = [...cards.values()].find((c) => c.issueId !== null)?.issueId;
    const nobody = { sessionId: crypto.randomUUID(), uuid: crypto.randomUUID() };
    const authorization = await app.sessionToken(nobody.sessionId, nobody.uuid);
    await ask(endpoints.contentHome.path, { headers: { authorization } });
    // (the POST needs the XSRF cookie a GET of /api sets, and its value echoed)
    const xsrf = new RegExp(`^${XSRF_COOKIE}=([^;]+)`).exec(String((await ask('/api/health'))?.headers['set-cookie'] ?? ''))?.[1];
    if (issue && xsrf) {
      await ask(endpoints.readerToken.path, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', cookie: `${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf },
        payload: JSON.stringify({ issue }),
        expect: 401,
      });
      const { code } = await (await readerTokens(app.db, 1)).sign(nobody, issue, nobody.sessionId);
      await ask(pageImagePath(issue, 1, 'small', code), { expect: 403 });
    }
    if (!done.stopped && app.db.warmConnections) done.connections = await app.db.warmConnections();
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
