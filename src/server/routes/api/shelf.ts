// My Shelf for the signed-in reader: the issues they started, with where they stopped.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../../shared/schemas/errors';
import { ContinueQuery, ContinueReply } from '../../../shared/schemas/shelf';
import { continueReading } from '../../repositories/shelf';
import { signedIn } from '../../plugins/auth';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shelf/continue',
    {
      schema: { querystring: ContinueQuery, response: { 200: ContinueReply, 400: ApiError, 401: ApiError, 429: ApiError } },
    },
    async (req) => {
      const also = req.query.issues ? [...new Set(req.query.issues.split(',').map(Number))].filter((n) => n > 0 && n < 2 ** 31) : [];
      return { items: await continueReading(app.db, req.signedInUser.id, also) };
    },
  );
};
export default signedIn(routes);
