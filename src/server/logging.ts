// The server's logger options, in one place. A log line must never carry a secret or a reader's
// words: no tokens (the reader token in page URLs ?code=, an SSO code, the Authorization header,
// cookies, the XSRF pair), no SQL text or parameters (PGlite and pg errors carry the query, its
// parameters and a `detail` that quotes row values), no password hashes, no form contents
// (Fastify never logs bodies; keys that name them are removed wherever they turn up).
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';

/** Query parameters that carry a credential: the reader token, SSO code and state, signed links,
 * SUSHI's api_key and requestor_id. Any name that ends in key, token, secret or password counts too
 * (api_key, apiKey, access_token, …): redacting a harmless one costs nothing. */
const SECRET_PARAMS = new Set(['code', 't', 'jwt', 'jwtoken', 'state', 'sig', 'signature', 'otp', 'requestor_id']);
const SECRET_SUFFIX = /(key|token|secret|password)$/;

/** Names are compared decoded, in lower case and without a trailing [..], so api%5Fkey, API_KEY or
 * api_key[] cannot slip through. */
function isSecretParam(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A malformed name is compared as it is.
  }
  const n = decoded
    .trim()
    .toLowerCase()
    .replace(/(\[[^\]]*\])+$/, '');
  return SECRET_PARAMS.has(n) || SECRET_SUFFIX.test(n);
}

const PARAM = /([?&;])([^=&#;\s"'?]+)=([^&#\s"']*)/g;

/** A URL (or any text that quotes one) with the values of credential parameters replaced. */
export const scrubUrl = (text: string): string =>
  text.replace(PARAM, (all, sep: string, name: string) => (isSecretParam(name) ? `${sep}${name}=${REDACTED}` : all));

/** Keys dropped from anything logged: database error fields that quote SQL or values, and
 * fields that would hold a credential or a form. */
const DROP = new Set([
  'query',
  'params',
  'parameters',
  'values',
  'detail',
  'where',
  'hint',
  'internalQuery',
  'internalPosition',
  'body',
  'payload',
  'password',
  'passwordHash',
  'password_hash',
  'jwtoken',
  'authorization',
  'cookie',
  'headers',
]);

/** A database error's SQLSTATE class 22 (data exception) message quotes the value it refused
 * ('invalid input syntax for type integer: "…"'): the value goes, the reason stays. */
function scrubMessage(e: Error & Record<string, unknown>): string {
  const message = scrubUrl(String(e.message));
  return typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) ? message.replace(/"[^"]*"/g, '"…"') : message;
}

/** An error as logged: its type, message, SQLSTATE or error code, status and stack, and its cause
 * the same way; nothing else it carries (a pg error's query, parameters and detail). */
function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 3) return err;
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = {
    type: e.name,
    message: scrubMessage(e),
    stack: scrubUrl(String(e.stack ?? '')).replace(String(e.message), scrubMessage(e)),
  };
  for (const key of ['code', 'statusCode', 'severity', 'routine', 'table', 'column', 'constraint', 'validationContext']) {
    if (e[key] !== undefined && typeof e[key] !== 'object') out[key] = e[key];
  }
  if (e.cause !== undefined) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Request lines: method, URL without credentials, client address (never headers or body). */
function serializeRequest(req: { method: string; url: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: scrubUrl(req.url), remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/** Strips dropped keys from plain objects logged as merge data (requests, replies and errors
 * are left to their serializers). */
function scrubObject(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubUrl(value);
  if (!value || typeof value !== 'object' || depth > 4 || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!DROP.has(k)) out[k] = scrubObject(v, depth + 1);
  return out;
}

/** The message of a stream that ended before its answer was complete (end-of-stream, under pump). */
const CLIENT_GONE = 'premature close';

export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    serializers: {
      req: serializeRequest as never,
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: serializeError as never,
    },
    // Anything that still names a credential where someone logs headers or a body by hand.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        'headers["x-xsrf-token"]',
        '*.password',
        '*.confirmPassword',
        '*.currentPassword',
        '*.jwtoken',
        '*.password_hash',
        '*.passwordHash',
      ],
      censor: REDACTED,
    },
    hooks: {
      // Messages built from URLs (Fastify's "Route GET:/x?code=… not found"), and merge objects
      // logged by hand, go through the same scrubbing.
      logMethod(args, method, level) {
        const [first, ...rest] = args as unknown[];
        // A client gone before its answer was all sent (a phone off the Wi-Fi, a closed tab):
        // @fastify/compress logs the stream's end as an error, but the server did nothing wrong.
        if (level >= 50 && first instanceof Error && first.message === CLIENT_GONE)
          return this.info('the client went away before its answer was complete'); // (its stack says nothing)
        // log.error(err): keep it an error (logged under `err`), its message scrubbed.
        const head =
          first instanceof Error
            ? [{ err: first }, rest.length ? rest.shift() : scrubMessage(first as Error & Record<string, unknown>)]
            : [first];
        const clean = [...head, ...rest].map((a) => scrubObject(a));
        return method.apply(this, clean as Parameters<typeof method>);
      },
    },
  };
}

/** Fastify's own log lines without the two of every request ("incoming request", "request
 * completed") and "route not found": at info a busy server's log keeps to start, stop, warnings,
 * errors and jobs. REQUEST_LOG=1 keeps Fastify's default controller, with every request. */
export class QuietRequestLog extends LogController {
  incomingRequest(): void {}
  routeNotFound(): void {}
  requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) super.requestCompleted(error, request, reply, metadata);
  }
}
