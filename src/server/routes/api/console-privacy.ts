// Member privacy (what librarians see of each member, how long reading keeps the reader): the
// institution's librarians and admins read it; only a Lectern admin changes it, so a librarian
// cannot widen their own view of the members.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstitutionParams } from '../../../shared/schemas/console';
import { MemberPrivacy, MemberPrivacyBody } from '../../../shared/schemas/member-privacy';
import { memberPrivacy, setMemberPrivacy } from '../../repositories/member-privacy';
import { adminOnly, consoleErrors as errors } from './console-guard';

const routes: FastifyPluginAsyncZod = async (app) => {
  const path = '/console/institutions/:institutionId/privacy';

  app.get(path, { schema: { params: InstitutionParams, response: { 200: MemberPrivacy, ...errors } } }, async (req) =>
    memberPrivacy(app.db, req.consoleInstitution.id),
  );

  app.post(
    path,
    {
      ...adminOnly,
      schema: { params: InstitutionParams, body: MemberPrivacyBody, response: { 200: MemberPrivacy, ...errors } },
    },
    async (req) => {
      const institution = req.consoleInstitution;
      return setMemberPrivacy(app.db, institution.id, req.body, req.signedInUser.id);
    },
  );
};
export default routes;
