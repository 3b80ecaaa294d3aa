// Favourites (spec §7): per user, server-side. The token says who is asking; the uid in the
// body must be that same user (the spec's payload carries it). Adds and removals come from the
// app's offline outbox (Idempotency-Key) with the device's time: the newest change wins.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as endpoints from '../../../shared/endpoints';
import { route } from '../endpoint';
import { HttpError, notFound } from '../../http-error';
import { titleExists } from '../../repositories/catalogue';
import { changeFavourite, favouriteCards } from '../../repositories/favourites';
import { deviceTime } from '../../services/device-time';
import { signedIn } from '../../plugins/auth';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const outbox = { config: { idempotent: true } };
  /** The uid of the body must name the signed-in user (base64 of the uuid, or the uuid). */
  const check = (req: FastifyRequest, uid: string) => {
    const uuid = req.signedInUser.uuid;
    if (uid !== uuid && uid !== Buffer.from(uuid).toString('base64'))
      throw new HttpError(403, 'forbidden', 'These favourites belong to another reader.');
  };

  route(app, endpoints.favouritesList, async (req) => {
    check(req, req.body.uid);
    const magazineList = await favouriteCards(db, req.signedInUser.id);
    return { status: 'success' as const, msg: [{ mid: { values: magazineList.map((m) => m.mid) } }], magazineList };
  });

  route(app, endpoints.favouritesAdd, outbox, async (req) => {
    check(req, req.body.uid);
    if (!(await titleExists(db, req.body.mid))) throw notFound(`Magazine ${req.body.mid}`);
    const applied = await changeFavourite(db, req.signedInUser.id, req.body.mid, false, deviceTime(req.body.at));
    return { status: 'success' as const, result: 1 as const, applied };
  });

  // Removing a title never favourited still records the removal, so an older add arriving later loses.
  route(app, endpoints.favouritesRemove, outbox, async (req) => {
    check(req, req.body.uid);
    const applied = await changeFavourite(db, req.signedInUser.id, req.body.mid, true, deviceTime(req.body.at));
    return { status: 'success' as const, result: 0 as const, applied };
  });
};
export default signedIn(routes);
