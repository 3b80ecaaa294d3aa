// Registers a route from its entry in the endpoint table (src/shared/endpoints): the method, the
// URL and the schemas come from the entry, so a route cannot drift from what the app and the tests
// call. The handler is typed from the same entry: its input parsed, its answer the reply's shape.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError } from '../../shared/schemas/errors';
import type { BodyOut, Endpoint, ParamsOut, QueryOut, ReplyIn } from '../../shared/endpoints/endpoint';

type Request<E extends Endpoint> = FastifyRequest<{ Params: ParamsOut<E>; Querystring: QueryOut<E>; Body: BodyOut<E> }>;
type Answer<E extends Endpoint> = ReplyIn<E> | FastifyReply;
export type EndpointHandler<E extends Endpoint> = (req: Request<E>, reply: FastifyReply) => Promise<Answer<E>> | Answer<E>;
/** What a route may add to its entry: a rate limit or the console's admin mark (config), a preHandler. */
export type EndpointOptions = Omit<RouteOptions, 'method' | 'url' | 'schema' | 'handler'>;

/** Fastify's route schema for an entry: every declared error answers with ApiError. */
export function routeSchema(e: Endpoint) {
  const response: Record<number, unknown> = {};
  if (e.reply) response[e.status ?? 200] = e.reply;
  for (const status of e.errors ?? []) response[status] = ApiError;
  return {
    ...(e.params && { params: e.params }),
    ...(e.query && { querystring: e.query }),
    ...(e.body && { body: e.body }),
    ...(Object.keys(response).length > 0 && { response }),
  };
}

// Any type provider: the handler's types come from the entry.
type AnyApp = FastifyInstance<any, any, any, any, any>;

export function route<E extends Endpoint>(app: AnyApp, e: E, handler: EndpointHandler<E>): void;
export function route<E extends Endpoint>(app: AnyApp, e: E, options: EndpointOptions, handler: EndpointHandler<E>): void;
export function route<E extends Endpoint>(app: AnyApp, e: E, ...args: [EndpointHandler<E>] | [EndpointOptions, EndpointHandler<E>]): void {
  const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
  // The entry's path is the whole URL; a plugin registered under a prefix (/api) adds its own part.
  if (!e.path.startsWith(app.prefix)) throw new Error(`${e.path} is not under ${app.prefix}`);
  app.route({
    ...options,
    method: e.method,
    url: e.path.slice(app.prefix.length),
    schema: routeSchema(e),
    handler: handler as RouteOptions['handler'],
  });
}
