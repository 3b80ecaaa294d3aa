// My Shelf for the signed-in reader: the issues they started, with where they stopped.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { continueReading } from '../../repositories/shelf';
import { signedIn } from '../../plugins/auth';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.shelfContinue, async (req) => {
    const also = req.query.issues ? [...new Set(req.query.issues.split(',').map(Number))].filter((n) => n > 0 && n < 2 ** 31) : [];
    return { items: await continueReading(app.db, req.signedInUser.id, also) };
  });
};
export default signedIn(routes);
