// The one API client: base URL, Authorization and XSRF headers, the error shape, and parsing
// with the shared schemas (catalogue reads are typed by them, see contentGet). Nothing else in
// the app calls fetch for the API.
import type { z } from 'zod';
import { COOKIE, getCookie, session } from './session';

export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export function buildUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  schema: { parse: (body: unknown) => T } | null,
  opts: { query?: Query; body?: unknown; signal?: AbortSignal },
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = session.userToken();
  if (token) headers.Authorization = token;
  const xsrf = getCookie(COOKIE.xsrf);
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  const form = opts.body instanceof FormData;
  if (opts.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  return replyOf(
    fetch(buildUrl(path, opts.query), {
      method,
      headers,
      signal: opts.signal,
      credentials: 'same-origin',
      body: opts.body === undefined ? undefined : form ? (opts.body as FormData) : JSON.stringify(opts.body),
    }),
    schema,
  );
}

/** The answer of a request already sent: network failures and error replies become ApiErrors.
 * The reader's boot script (reader.html) sends its first request before this code has loaded. */
export async function replyOf<T>(sent: Promise<Response>, schema: { parse: (body: unknown) => T } | null = null): Promise<T> {
  let res: Response;
  try {
    res = await sent;
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw new ApiError(0, 'aborted', 'Request aborted');
    throw new ApiError(0, 'network', 'Network Error');
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const e = body?.error;
    throw new ApiError(res.status, e?.code ?? 'http', e?.message ?? `Request failed with status code ${res.status}`);
  }
  return schema ? schema.parse(body) : (body as T);
}

export const apiGet = <S extends z.ZodTypeAny>(path: string, schema: S, query?: Query, signal?: AbortSignal): Promise<z.output<S>> =>
  request<z.output<S>>('GET', path, schema, { query, signal });

/** Catalogue reads (/content): typed by the shared schema but not parsed again here. The server
 * already serialises every /content answer through that schema (a mismatch is its error, never
 * the reader's), and leaving zod out keeps the home page's first load small. */
export const contentGet = <T>(path: `/content/${string}`, query?: Query, signal?: AbortSignal): Promise<T> =>
  request<T>('GET', path, null, { query, signal });

/** State-changing calls: a JSON body (or a FormData upload), the XSRF header and the user token. */
export const apiPost = <S extends z.ZodTypeAny>(path: string, schema: S, body: unknown = {}): Promise<z.output<S>> =>
  request<z.output<S>>('POST', path, schema, { body });
