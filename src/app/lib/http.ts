// The one way the app and its service worker talk to the API: the error shape and the headers
// (user token, XSRF, Idempotency-Key) given explicitly, so this module needs neither cookies
// nor React and the service worker can use it too. The app's client (api.ts) supplies the
// signed-in reader's headers.
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export function buildUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface Credentials {
  token?: string | null;
  xsrf?: string | null;
  idempotencyKey?: string;
}

/** Where requests go: the browser's fetch, or in the server's drawing of a first screen
 * (entry-server.tsx) the server itself. */
let fetcher: typeof fetch = (input, init) => fetch(input, init);
export const sendRequestsWith = (f: typeof fetch) => {
  fetcher = f;
};

export function send(
  method: 'GET' | 'POST',
  path: string,
  opts: { query?: Query; body?: unknown; signal?: AbortSignal } & Credentials,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.token) headers.Authorization = opts.token;
  if (opts.xsrf) headers['X-XSRF-TOKEN'] = opts.xsrf;
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  const form = opts.body instanceof FormData;
  if (opts.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  return fetcher(buildUrl(path, opts.query), {
    method,
    headers,
    signal: opts.signal,
    credentials: 'same-origin',
    body: opts.body === undefined ? undefined : form ? (opts.body as FormData) : JSON.stringify(opts.body),
  });
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
  // A body cut off on the way (the page left, the network dropped) is a network failure, never
  // an empty answer: a "successful" null would be kept and shown as a blank screen.
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new ApiError(0, 'network', 'Network Error');
  }
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    if (res.ok) throw new ApiError(0, 'network', 'Network Error');
  }
  if (!res.ok) {
    const e = (body as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(res.status, e?.code ?? 'http', e?.message ?? `Request failed with status code ${res.status}`);
  }
  return schema ? schema.parse(body) : (body as T);
}
