// The error a route, service or repository throws to answer with a status and a message the
// caller may read; the errors plugin turns it into { error: { code, message } }. It lives below
// every layer so that repositories and services need not import a Fastify plugin.
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    public code: string,
    message: string,
  ) {
    super(message);
  }
}
export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);
export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);
