// The app's API client: every /api call by its entry in the endpoint table (callApi), with the
// signed-in reader's token and the XSRF header on the core of http.ts, the error shape, and the
// reply parsed by the entry's schema (catalogue reads are typed by the shared schemas, see
// contentGet). Nothing else in the app calls fetch for the API.
// A module on a first screen's path (home, a listing, a title page) imports its endpoint area
// (src/shared/endpoints/<area>.ts) when it first calls, not at the top: a schema module builds
// every zod schema in it when it loads, which on a title page held a slow phone's main thread for
// 100–300 ms.
import type { z } from 'zod';
import { COOKIE, getCookie, session } from './session';
import { buildUrl, replyOf, send, type Query } from './http';
import { pathOf, type BodyIn, type Endpoint, type ParamsIn, type QueryIn, type ReplyOut } from '../../shared/endpoints/endpoint';
import type * as content from '../../shared/endpoints/content';

export { ApiError, buildUrl, replyOf } from './http';

/** What the signed-in reader's requests carry. */
export const currentCredentials = () => ({ token: session.userToken(), xsrf: getCookie(COOKIE.xsrf) ?? null });

const request = <T>(
  method: 'GET' | 'POST',
  path: string,
  schema: { parse: (body: unknown) => T } | null,
  opts: { query?: Query; body?: unknown; signal?: AbortSignal },
): Promise<T> => replyOf(send(method, path, { ...opts, ...currentCredentials() }), schema);

/** The catalogue's read entries by path. */
type ContentReads = { [K in keyof typeof content as (typeof content)[K]['path']]: (typeof content)[K] };

/** A /content read at a path built elsewhere (the reader's pages, reader-paths.ts), typed by the caller. */
export function contentAt<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  const booted = session.userToken() ? undefined : takeBootRequest(buildUrl(path, query));
  return booted ? replyOf<T>(booted) : request<T>('GET', path, null, { query, signal });
}

/** A catalogue read (/content) at an entry's path in the endpoint table: the path is checked
 * against the entries and the query and the answer are typed by that entry's schemas, but the
 * answer is not parsed again here. The server already serialises every /content answer through
 * that schema (a mismatch is its error, never the reader's), and leaving zod out keeps the home
 * page's first load small: the entries are imported for their types only. */
export const contentGet = contentAt as <P extends keyof ContentReads>(
  path: P,
  query: Stringified<QueryIn<ContentReads[P]>>,
  signal?: AbortSignal,
) => Promise<ReplyOut<ContentReads[P]>>;

declare global {
  interface Window {
    /** The requests index.html's boot script sent, by URL, before this code loaded. */
    bootRequests?: Record<string, Promise<Response>>;
  }
}

/** The boot script's request for this URL, once (a later ask is a new request). */
function takeBootRequest(url: string): Promise<Response> | undefined {
  const sent = typeof window === 'undefined' ? undefined : window.bootRequests?.[url];
  if (sent) delete window.bootRequests![url];
  return sent;
}

/** The XSRF cookie comes with any answer of the server but the catalogue's. A page the service
 * worker drew from its cache after the cookies were cleared has none yet: one request fetches it
 * (else the first sign-in after clearing site data is refused as unverified). */
async function ensureXsrfCookie(): Promise<void> {
  if (getCookie(COOKIE.xsrf)) return;
  await fetch('/api/health', { cache: 'no-store', credentials: 'same-origin' }).catch(() => undefined);
}

/** What a call by endpoint sends: the path's params (when it has any), the query, the body (JSON, or
 * a FormData upload). */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodTypeAny ? { params: ParamsIn<E> } : { params?: undefined }) & {
  query?: Stringified<QueryIn<E>>;
  body?: BodyIn<E> | FormData;
};

/** A query's text fields may be given as numbers: the URL makes them text. */
type Stringified<Q> = Q extends object ? { [K in keyof Q]: Q[K] extends string | undefined ? Q[K] | number : Q[K] } : Q;

type Args<E extends Endpoint> = E['params'] extends z.ZodTypeAny
  ? [input: CallInput<E>, signal?: AbortSignal]
  : [input?: CallInput<E>, signal?: AbortSignal];

/** A call by its entry in the endpoint table (src/shared/endpoints): the path, the method and the
 * reply's schema come from the entry, the input is typed by it. A module on a first screen's path
 * imports the entry's area module when it first calls (see the top of this file). */
export async function callApi<E extends Endpoint>(e: E, ...[input, signal]: Args<E>): Promise<ReplyOut<E>> {
  const path = pathOf(e, input?.params as Record<string, unknown> | undefined);
  const query = input?.query as Query | undefined;
  const schema = e.reply as { parse: (body: unknown) => ReplyOut<E> } | null;
  if (e.method === 'GET') return request('GET', path, schema, { query, signal });
  await ensureXsrfCookie();
  return request('POST', path, schema, { query, body: input?.body ?? {}, signal });
}
