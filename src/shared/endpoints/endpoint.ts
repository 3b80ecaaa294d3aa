// One API endpoint as data: its method, its path with :params, and the schemas of what it takes and
// answers. The server registers each route from its entry (src/server/routes/endpoint.ts), the app
// calls by entry (src/app/lib/api.ts callApi) and the API tests too, so a path or a reply shape is
// written once. This module holds no schema itself: it never loads zod.
import type { z } from 'zod';

/** The non-2xx statuses a route declares, each answered with the ApiError shape. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

export interface EndpointSchemas {
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  /** The success reply's schema; null where the reply is not checked (a file, an image). */
  reply: z.ZodTypeAny | null;
  /** The success status when it is not 200. */
  status?: 202;
  errors?: readonly ErrorStatus[];
}

/** The URL spaces of the table: the API, and the content service (the catalogue and the reader's
 * token-gated pages). */
export type EndpointPath = `/api/${string}` | `/content/${string}`;

export type Endpoint<S extends EndpointSchemas = EndpointSchemas> = S & { method: 'GET' | 'POST'; path: EndpointPath };

export const get = <const P extends EndpointPath, const S extends EndpointSchemas>(path: P, s: S) => ({
  method: 'GET' as const,
  path,
  ...s,
});
export const post = <const P extends EndpointPath, const S extends EndpointSchemas>(path: P, s: S) => ({
  method: 'POST' as const,
  path,
  ...s,
});

type Input<S> = S extends z.ZodTypeAny ? z.input<S> : undefined;
type Output<S> = S extends z.ZodTypeAny ? z.output<S> : undefined;

/** What a caller sends: the path's params, the query, the body (as the schemas take them). */
export type ParamsIn<E extends Endpoint> = Input<E['params']>;
export type QueryIn<E extends Endpoint> = Input<E['query']>;
export type BodyIn<E extends Endpoint> = Input<E['body']>;
/** What the handler sees, parsed. */
export type ParamsOut<E extends Endpoint> = Output<E['params']>;
export type QueryOut<E extends Endpoint> = Output<E['query']>;
export type BodyOut<E extends Endpoint> = Output<E['body']>;
/** The reply as a handler returns it, and as a caller reads it once parsed. */
export type ReplyIn<E extends Endpoint> = E['reply'] extends z.ZodTypeAny ? z.input<E['reply']> : unknown;
export type ReplyOut<E extends Endpoint> = E['reply'] extends z.ZodTypeAny ? z.output<E['reply']> : unknown;

/** The endpoint's path with its :params filled in (each encoded). */
export function pathOf(e: Endpoint, params?: Record<string, unknown>): string {
  return e.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${e.path} needs :${name}`);
    return encodeURIComponent(String(value));
  });
}
