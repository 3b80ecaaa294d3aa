// The console's admin side: make an institution, set its subscription, sections, age
// rating, country and limits, its single sign-on (replacing `npm run institution-sso`), and grant
// or remove its librarians. Admins only: every route is declared adminOnly, checked before the
// institution, so a librarian gets a 403 even for their own institution. Every change is audited
// by the repository.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstitutionSettings } from '../../../shared/schemas/console-admin';
import {
  createInstitution,
  institutionSettings,
  librariansOf,
  setSaml,
  setSso,
  turnOffSaml,
  turnOffSso,
  updateInstitution,
  type StoredSettings,
} from '../../repositories/console-admin';
import { grantConsoleRole, removeConsoleRole, type RoleChange, type RoleRefusal } from '../../repositories/console';
import { HttpError } from '../../http-error';
import { ssoCallbackUrl } from '../../services/sso';
import { fetchIdpMetadata, parseIdpMetadata } from '../../services/saml-metadata';
import { LIMITS, spend } from '../../services/rate-limit';
import { adminOnly, answer } from './console-guard';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const ROLE_REFUSED: Record<RoleRefusal, 400 | 404 | 409> = {
  no_account: 404,
  no_org_code: 400,
  no_institution: 404,
  has_role: 409,
  no_role: 404,
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const withUri = (s: StoredSettings): InstitutionSettings => ({
    ...s,
    ssoRedirectUri: ssoCallbackUrl(app.config.publicUrl),
    samlSpMetadata: `${app.config.publicUrl}/saml/${s.id}/metadata`,
  });
  const roleAnswer = async (change: RoleChange, institutionId: number) => {
    if (!change.ok) throw new HttpError(ROLE_REFUSED[change.code], change.code, change.reason);
    return { librarians: await librariansOf(db, institutionId) };
  };

  route(app, endpoints.consoleInstitutions, { ...adminOnly }, async (req) => {
    return withUri(answer(await createInstitution(db, req.body, req.signedInUser.id)));
  });

  route(app, endpoints.consoleSettings, { ...adminOnly }, async (req) => withUri(await institutionSettings(db, req.consoleInstitution.id)));

  route(app, endpoints.consoleSettingsSave, { ...adminOnly }, async (req) => {
    const inst = req.consoleInstitution;
    return withUri(await updateInstitution(db, inst.id, req.body, req.signedInUser.id));
  });

  route(app, endpoints.consoleSso, { ...adminOnly }, async (req) => {
    const inst = req.consoleInstitution;
    const saved = await setSso(db, inst.id, req.body, req.signedInUser.id);
    if (!saved) throw new HttpError(400, 'secret_needed', 'Enter the client secret the provider gave you.');
    return withUri(saved);
  });

  route(app, endpoints.consoleSsoOff, { ...adminOnly }, async (req) => {
    const inst = req.consoleInstitution;
    return withUri(await turnOffSso(db, inst.id, req.signedInUser.id));
  });

  /** SAML from the identity provider's metadata: fetched from its address (counted per
   * institution) or pasted. Metadata that cannot be used is a 400 saying why; nothing changes. */
  route(app, endpoints.consoleSaml, { ...adminOnly }, async (req) => {
    const inst = req.consoleInstitution;
    const { metadataUrl, metadataXml } = req.body;
    let xml = metadataXml;
    if (metadataUrl) {
      await spend(db, [[LIMITS.samlMetadataPerInstitution, String(inst.id)]]);
      xml = await fetchIdpMetadata(metadataUrl, app.config.samlPrivateMetadata);
    }
    const idp = parseIdpMetadata(xml);
    return withUri(await setSaml(db, inst.id, { ...idp, metadataUrl: metadataUrl || null }, req.signedInUser.id));
  });

  route(app, endpoints.consoleSamlOff, { ...adminOnly }, async (req) => {
    const inst = req.consoleInstitution;
    return withUri(await turnOffSaml(db, inst.id, req.signedInUser.id));
  });

  route(app, endpoints.consoleLibrarians, { ...adminOnly }, async (req) => ({
    librarians: await librariansOf(db, req.consoleInstitution.id),
  }));

  route(app, endpoints.consoleLibrariansAdd, { ...adminOnly }, async (req) => {
    const inst = req.consoleInstitution;
    if (!inst.conCode) throw new HttpError(400, 'no_org_code', 'Give the institution an org code first.');
    const change = await grantConsoleRole(db, {
      email: req.body.email,
      role: 'librarian',
      orgCode: inst.conCode,
      actorId: req.signedInUser.id,
      keepOther: true,
    });
    return roleAnswer(change, inst.id);
  });

  route(app, endpoints.consoleLibrariansRemove, { ...adminOnly }, async (req) => {
    const inst = req.consoleInstitution;
    return roleAnswer(await removeConsoleRole(db, req.body.email, req.signedInUser.id, inst.id), inst.id);
  });
};
export default routes;
