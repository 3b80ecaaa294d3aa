// A small client over app.inject that behaves like the app: it keeps the XSRF-TOKEN cookie the
// server hands out and echoes it in X-XSRF-TOKEN, and sends a token as the Authorization header.
import type { App } from '../../src/server/app';
import type { Queryable } from '../../src/server/db/index';
import type { Mail, Mailer, SmsSender } from '../../src/server/services/mailer';
import { pathOf, type BodyIn, type Endpoint, type ParamsIn, type QueryIn, type ReplyOut } from '../../src/shared/endpoints/endpoint';
import { loginOtpSend, loginOtpVerify } from '../../src/shared/endpoints/account';
import { ApiError } from '../../src/shared/schemas/errors';

export interface Reply {
  status: number;
  body: unknown;
}

/** A reply to a call by endpoint. A 2xx body is parsed by the entry's reply schema, so a reply that
 * drifted from the table fails the test; any other status has its error parsed as ApiError. The
 * other field is null then: typed without it, so a test reads the field its status check implies. */
export interface EndpointReply<E extends Endpoint> {
  status: number;
  body: ReplyOut<E>;
  error: ApiError['error'];
}

/** What a call by endpoint sends: the path's params, the query, the body, extra headers. */
export interface EndpointInput<E extends Endpoint> {
  params?: ParamsIn<E>;
  query?: QueryIn<E>;
  body?: BodyIn<E>;
  headers?: Record<string, string>;
}

/** An input the compiler does not check against the entry: bad on purpose, or built loosely. */
export const unchecked = (input: unknown) => input as never;

export async function xsrfToken(app: App): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('the server set no XSRF-TOKEN cookie');
  return cookie.value;
}

/** Calls come from a fixed `ip`, or from a new random address each (so per-IP limits only
 * bite in the tests about them). */
export function apiClient(app: App, xsrf: string, opts: { ip?: string } = {}) {
  const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<Reply> => {
    const res = await app.inject({
      method,
      url,
      payload: body as any,
      remoteAddress: opts.ip ?? randomIp(),
      cookies: { 'XSRF-TOKEN': xsrf },
      headers: { 'x-xsrf-token': xsrf, ...(token ? { authorization: token } : {}), ...headers },
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  /** A multipart form post with one file, as a browser sends it. */
  const upload = async (
    url: string,
    fields: Record<string, string>,
    file: { name: string; type: string; bytes: Buffer },
    token?: string,
  ): Promise<Reply> => {
    const boundary = `----lectern${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    const res = await app.inject({
      method: 'POST',
      url,
      payload: Buffer.concat(parts),
      remoteAddress: opts.ip ?? randomIp(),
      cookies: { 'XSRF-TOKEN': xsrf },
      headers: {
        'x-xsrf-token': xsrf,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(token ? { authorization: token } : {}),
      },
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  /** A call by its entry in the endpoint table. A reply that is not JSON (CSV, an image) is its text. */
  const callEndpoint = async <E extends Endpoint>(e: E, input: EndpointInput<E> = {}, token?: string): Promise<EndpointReply<E>> => {
    const query = Object.entries((input.query ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined);
    const search = query.length ? `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}` : '';
    const res = await app.inject({
      method: e.method,
      url: pathOf(e, input.params as Record<string, string | number> | undefined) + search,
      payload: (input.body ?? (e.method === 'POST' ? {} : undefined)) as any,
      remoteAddress: opts.ip ?? randomIp(),
      cookies: { 'XSRF-TOKEN': xsrf },
      headers: { 'x-xsrf-token': xsrf, ...(token ? { authorization: token } : {}), ...input.headers },
    });
    const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
    const body: unknown = json ? res.json() : res.body;
    if (res.statusCode < 200 || res.statusCode > 299)
      return { status: res.statusCode, body: null as ReplyOut<E>, error: ApiError.parse(body).error };
    return {
      status: res.statusCode,
      body: (e.reply ? e.reply.parse(body) : body) as ReplyOut<E>,
      error: null as unknown as ApiError['error'],
    };
  };
  /** A multipart upload to an entry of the endpoint table (a logo, a PDF, an ID photo), its reply read as a call's. */
  const callUpload = async <E extends Endpoint>(
    e: E,
    input: { params?: ParamsIn<E>; fields?: Record<string, string> },
    file: { name: string; type: string; bytes: Buffer },
    token?: string,
  ): Promise<EndpointReply<E>> => {
    const res = await upload(pathOf(e, input.params as Record<string, string | number> | undefined), input.fields ?? {}, file, token);
    if (res.status < 200 || res.status > 299)
      return { status: res.status, body: null as ReplyOut<E>, error: ApiError.parse(res.body).error };
    return {
      status: res.status,
      body: (e.reply ? e.reply.parse(res.body) : res.body) as ReplyOut<E>,
      error: null as unknown as ApiError['error'],
    };
  };
  return {
    call: callEndpoint,
    callUpload,
    upload,
    get: (url: string, token?: string) => call('GET', url, undefined, token),
    post: (url: string, body: unknown = {}, token?: string) => call('POST', url, body, token),
    raw: call,
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** Collects mail and SMS in memory; codeFor reads the latest code sent to a contact. */
export function memoryOutbox() {
  const mails: Mail[] = [];
  const texts: { to: string; text: string }[] = [];
  const mailer: Mailer = {
    send: async (m) => {
      mails.push(m);
    },
  };
  const sms: SmsSender = {
    send: async (to, text) => {
      texts.push({ to, text });
    },
  };
  const codeFor = (to: string): string | undefined => {
    const last = [...mails.filter((m) => m.to === to).map((m) => m.text), ...texts.filter((t) => t.to === to).map((t) => t.text)].at(-1);
    return last?.match(/(\d{4,8}) is your/)?.[1];
  };
  return { mails, texts, mailer, sms, codeFor };
}

/** Signs in by e-mail code as the app does; the session token, the spec's uid and the account id. */
export async function signInByCode(db: Queryable, api: ApiClient, outbox: { codeFor: (to: string) => string | undefined }, email: string) {
  const sent = await api.call(loginOtpSend, { body: { channel: 'email', email } });
  const res = await api.call(loginOtpVerify, { body: { requestId: sent.body.requestId, code: outbox.codeFor(email)! } });
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  return { token: res.body.jwtoken, uid: res.body.uid, id: rows[0]?.id };
}
