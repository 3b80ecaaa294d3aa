// The console's zones section (issue 15): the institution's Smart Reading Zones, listed with the
// readers in each now, created, edited and removed. Librarians of the institution and admins,
// checked by console-guard on every call; every change audited by the repository.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstitutionParams } from '../../../shared/schemas/console';
import { ConsoleZone, ConsoleZoneBody, ConsoleZones, ZoneParams } from '../../../shared/schemas/console-inbox';
import { OkReply } from '../../../shared/schemas/account';
import { createInstitutionZone, institutionZones, removeInstitutionZone, updateInstitutionZone } from '../../repositories/console-zones';
import { HttpError } from '../../plugins/errors';
import { consoleErrors as errors, consoleGuard } from './console-guard';

const noSuchZone = () => new HttpError(404, 'no_zone', 'There is no such zone.');

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const { institutionFor } = consoleGuard(app);
  const base = '/console/institutions/:institutionId/zones';
  const guarded = { preHandler: app.requireUser };

  app.get(base, { ...guarded, schema: { params: InstitutionParams, response: { 200: ConsoleZones, ...errors } } }, async (req) => ({
    zones: await institutionZones(db, (await institutionFor(req, req.params.institutionId)).id),
  }));

  app.post(
    base,
    { ...guarded, schema: { params: InstitutionParams, body: ConsoleZoneBody, response: { 200: ConsoleZone, ...errors } } },
    async (req) => {
      const inst = await institutionFor(req, req.params.institutionId);
      return createInstitutionZone(db, inst.id, req.body, req.user!.id);
    },
  );

  app.post(
    `${base}/:zoneId`,
    { ...guarded, schema: { params: ZoneParams, body: ConsoleZoneBody, response: { 200: ConsoleZone, ...errors } } },
    async (req) => {
      const inst = await institutionFor(req, req.params.institutionId);
      const zone = await updateInstitutionZone(db, inst.id, req.params.zoneId, req.body, req.user!.id);
      if (!zone) throw noSuchZone();
      return zone;
    },
  );

  app.post(`${base}/:zoneId/remove`, { ...guarded, schema: { params: ZoneParams, response: { 200: OkReply, ...errors } } }, async (req) => {
    const inst = await institutionFor(req, req.params.institutionId);
    if (!(await removeInstitutionZone(db, inst.id, req.params.zoneId, req.user!.id))) throw noSuchZone();
    return { status: 1 as const, message: 'The zone was removed.' };
  });
};
export default routes;
