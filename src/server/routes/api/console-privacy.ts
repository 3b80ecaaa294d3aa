// Member privacy (what librarians see of each member, how long reading keeps the reader): the
// institution's librarians and admins read it; only a Lectern admin changes it, so a librarian
// cannot widen their own view of the members.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberPrivacy, setMemberPrivacy } from '../../repositories/member-privacy';
import { adminOnly } from './console-guard';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.consolePrivacy, async (req) => memberPrivacy(app.db, req.consoleInstitution.id));

  route(app, endpoints.consolePrivacySave, { ...adminOnly }, async (req) => {
    const institution = req.consoleInstitution;
    return setMemberPrivacy(app.db, institution.id, req.body, req.signedInUser.id);
  });
};
export default routes;
