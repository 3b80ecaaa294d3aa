// The app's API client: the signed-in reader's token and the XSRF header on the core of
// http.ts, the error shape, and parsing with the shared schemas (catalogue reads are typed by
// them, see contentGet). Nothing else in the app calls fetch for the API.
// A module on a first screen's path (home, a listing, a title page) imports its reply schemas
// when it first calls, not at the top: a schema module builds every zod schema in it when it
// loads, which on a title page held a slow phone's main thread for 100–300 ms.
import type { z } from 'zod';
import { COOKIE, getCookie, session } from './session';
import { buildUrl, replyOf, send, type Query } from './http';

export { ApiError, buildUrl, replyOf } from './http';

/** What the signed-in reader's requests carry. */
export const currentCredentials = () => ({ token: session.userToken(), xsrf: getCookie(COOKIE.xsrf) ?? null });

const request = <T>(
  method: 'GET' | 'POST',
  path: string,
  schema: { parse: (body: unknown) => T } | null,
  opts: { query?: Query; body?: unknown; signal?: AbortSignal },
): Promise<T> => replyOf(send(method, path, { ...opts, ...currentCredentials() }), schema);

export const apiGet = <S extends z.ZodTypeAny>(path: string, schema: S, query?: Query, signal?: AbortSignal): Promise<z.output<S>> =>
  request<z.output<S>>('GET', path, schema, { query, signal });

/** Catalogue reads (/content): typed by the shared schema but not parsed again here. The server
 * already serialises every /content answer through that schema (a mismatch is its error, never
 * the reader's), and leaving zod out keeps the home page's first load small. */
export function contentGet<T>(path: `/content/${string}`, query?: Query, signal?: AbortSignal): Promise<T> {
  const booted = session.userToken() ? undefined : takeBootRequest(buildUrl(path, query));
  return booted ? replyOf<T>(booted) : request<T>('GET', path, null, { query, signal });
}

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

/** State-changing calls: a JSON body (or a FormData upload), the XSRF header and the user token. */
export const apiPost = async <S extends z.ZodTypeAny>(path: string, schema: S, body: unknown = {}): Promise<z.output<S>> => {
  await ensureXsrfCookie();
  return request<z.output<S>>('POST', path, schema, { body });
};
