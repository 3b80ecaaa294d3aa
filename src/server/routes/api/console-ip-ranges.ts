// The console's campus ranges (IP authentication): a librarian of the institution proposes a
// range and withdraws ranges; a Lectern admin approves proposals and may add a range at once (also
// one wider than a librarian may propose). Guarded by console-guard; audited by the repository.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstitutionParams } from '../../../shared/schemas/console';
import { IpRangeBody, IpRangeParams, IpRanges, type IpRange } from '../../../shared/schemas/ip-access';
import { approveRange, institutionRanges, proposeRange, removeRange } from '../../repositories/ip-access';
import type { Refusal } from '../../repositories/refusal';
import { answer, consoleErrors as errors, consoleGuard } from './console-guard';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const { institutionFor, roleOf, requireAdmin } = consoleGuard(app);
  const base = '/console/institutions/:institutionId/ip-ranges';
  const guarded = { preHandler: app.requireUser };
  const reply = { 200: IpRanges, ...errors };
  // After a write this process's request caps read the ranges again at once (the others within a minute).
  const changed = (result: IpRange[] | Refusal) => {
    const ranges = answer(result);
    app.campus.forget();
    return { ranges };
  };

  app.get(base, { ...guarded, schema: { params: InstitutionParams, response: reply } }, async (req) => {
    const inst = await institutionFor(req, req.params.institutionId);
    return { ranges: await institutionRanges(db, inst.id) };
  });

  app.post(base, { ...guarded, schema: { params: InstitutionParams, body: IpRangeBody, response: reply } }, async (req) => {
    const inst = await institutionFor(req, req.params.institutionId);
    const admin = (await roleOf(req)).role === 'admin';
    return changed(await proposeRange(db, inst.id, req.body.network, { id: req.user!.id, admin }));
  });

  app.post(`${base}/:rangeId/approve`, { ...guarded, schema: { params: IpRangeParams, response: reply } }, async (req) => {
    await requireAdmin(req);
    const inst = await institutionFor(req, req.params.institutionId);
    return changed(await approveRange(db, inst.id, req.params.rangeId, req.user!.id));
  });

  app.post(`${base}/:rangeId/remove`, { ...guarded, schema: { params: IpRangeParams, response: reply } }, async (req) => {
    const inst = await institutionFor(req, req.params.institutionId);
    return changed(await removeRange(db, inst.id, req.params.rangeId, req.user!.id));
  });
};
export default routes;
