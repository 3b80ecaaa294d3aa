// My Account: the Wi-Fi identities a member links to their account (an eduroam user name, or
// whatever their venue's network reports), so that the venue's RADIUS accounting or controller can
// start their zone pass with the app closed. Only members (a guest has no account to link to), at
// most IDENTITIES_PER_ACCOUNT, each identity one account's (another's claim is a 409).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error';
import { signedIn } from '../../plugins/auth';
import { IDENTITIES_PER_ACCOUNT, linkIdentity, linkedIdentities, unlinkIdentity } from '../../repositories/network-arrivals';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  const member = async (req: FastifyRequest) => {
    if (req.signedInUser.type !== 'user')
      throw new HttpError(403, 'members_only', 'Linking a Wi-Fi identity needs a Lectern account: please sign in.');
  };
  const list = async (userId: number) => ({
    identities: (await linkedIdentities(app.db, userId)).map((i) => ({ identity: i.identity, createdAt: i.createdAt.toISOString() })),
    max: IDENTITIES_PER_ACCOUNT,
  });

  route(app, endpoints.userNetworkIdentities, { preHandler: member }, async (req) => list(req.signedInUser.id));

  route(app, endpoints.userNetworkIdentitiesAdd, { preHandler: member }, async (req) => {
    const outcome = await app.db.transaction((tx) => linkIdentity(tx, req.signedInUser.id, req.body.identity));
    if (outcome === 'taken')
      throw new HttpError(409, 'identity_taken', 'This Wi-Fi identity is linked to another account. Unlink it there first.');
    if (outcome === 'limit')
      throw new HttpError(409, 'identity_limit', `An account links at most ${IDENTITIES_PER_ACCOUNT} Wi-Fi identities. Unlink one first.`);
    return list(req.signedInUser.id);
  });

  route(app, endpoints.userNetworkIdentitiesRemove, { preHandler: member }, async (req) => {
    if (!(await unlinkIdentity(app.db, req.signedInUser.id, req.body.identity)))
      throw new HttpError(404, 'no_identity', 'This Wi-Fi identity is not linked to your account.');
    return list(req.signedInUser.id);
  });
};
export default signedIn(routes);
