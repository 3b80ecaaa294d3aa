// The console's zones section (issue 15): the institution's Smart Reading Zones, listed with the
// readers in each now, created, edited and removed. Librarians of the institution and admins,
// checked by console-guard on every call; every change audited by the repository.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstitutionParams } from '../../../shared/schemas/console';
import { ConsoleZone, ConsoleZoneBody, ConsoleZones, ZoneCodeReply, ZoneParams } from '../../../shared/schemas/console-inbox';
import { OkReply } from '../../../shared/schemas/account';
import {
  createInstitutionZone,
  institutionZone,
  institutionZones,
  removeInstitutionZone,
  updateInstitutionZone,
  zoneBounds,
} from '../../repositories/console-zones';
import { ZoneInputError } from '../../repositories/zones';
import { currentZoneCode } from '../../services/zone-codes';
import { HttpError } from '../../plugins/errors';
import { consoleErrors as errors, consoleGuard } from './console-guard';

const noSuchZone = () => new HttpError(404, 'no_zone', 'There is no such zone.');

/** A zone beyond what the console may write (its owner's subscription, a librarian's networks): a
 * 400 that names it, nothing changed. */
const asRefusal = (err: unknown): never => {
  if (err instanceof ZoneInputError) throw new HttpError(400, err.code, err.message);
  throw err;
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const { institutionFor } = consoleGuard(app);
  const base = '/console/institutions/:institutionId/zones';
  const guarded = { preHandler: app.requireUser };

  app.get(base, { ...guarded, schema: { params: InstitutionParams, response: { 200: ConsoleZones, ...errors } } }, async (req) => {
    const { id } = await institutionFor(req, req.params.institutionId);
    return { zones: await institutionZones(db, id), bounds: await zoneBounds(db, id) };
  });

  app.post(
    base,
    { ...guarded, schema: { params: InstitutionParams, body: ConsoleZoneBody, response: { 200: ConsoleZone, ...errors } } },
    async (req) => {
      const inst = await institutionFor(req, req.params.institutionId);
      return createInstitutionZone(db, inst.id, req.body, req.user!.id).catch(asRefusal);
    },
  );

  app.post(
    `${base}/:zoneId`,
    { ...guarded, schema: { params: ZoneParams, body: ConsoleZoneBody, response: { 200: ConsoleZone, ...errors } } },
    async (req) => {
      const inst = await institutionFor(req, req.params.institutionId);
      const zone = await updateInstitutionZone(db, inst.id, req.params.zoneId, req.body, req.user!.id).catch(asRefusal);
      if (!zone) throw noSuchZone();
      return zone;
    },
  );

  // The on-site code to put up at the desk (it changes every few minutes; the console asks again
  // when it does). Shown for any of the institution's zones, so it can be tried before it is asked for.
  app.get(
    `${base}/:zoneId/code`,
    { ...guarded, schema: { params: ZoneParams, response: { 200: ZoneCodeReply, ...errors } } },
    async (req) => {
      const inst = await institutionFor(req, req.params.institutionId);
      if (!(await institutionZone(db, inst.id, req.params.zoneId))) throw noSuchZone();
      const code = (await currentZoneCode(db, req.params.zoneId))!;
      return { code: code.code, changesAt: code.changesAt.toISOString(), periodSeconds: code.periodSeconds };
    },
  );

  app.post(`${base}/:zoneId/remove`, { ...guarded, schema: { params: ZoneParams, response: { 200: OkReply, ...errors } } }, async (req) => {
    const inst = await institutionFor(req, req.params.institutionId);
    if (!(await removeInstitutionZone(db, inst.id, req.params.zoneId, req.user!.id))) throw noSuchZone();
    return { status: 1 as const, message: 'The zone was removed.' };
  });
};
export default routes;
