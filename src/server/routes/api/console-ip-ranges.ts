// The console's campus ranges (IP authentication): a librarian of the institution proposes a
// range and withdraws ranges; a Lectern admin approves proposals and may add a range at once (also
// one wider than a librarian may propose). Guarded by console-guard; audited by the repository.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type IpRange } from '../../../shared/schemas/ip-access';
import { approveRange, institutionRanges, proposeRange, removeRange } from '../../repositories/ip-access';
import type { Refusal } from '../../repositories/refusal';
import { adminOnly, answer } from './console-guard';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // After a write this process's request caps read the ranges again at once (the others within a minute).
  const changed = (result: IpRange[] | Refusal) => {
    const ranges = answer(result);
    app.campus.forget();
    return { ranges };
  };

  route(app, endpoints.consoleIpRanges, async (req) => {
    const inst = req.consoleInstitution;
    return { ranges: await institutionRanges(db, inst.id) };
  });

  route(app, endpoints.consoleIpRangesAdd, async (req) => {
    const inst = req.consoleInstitution;
    const admin = req.consoleRole.role === 'admin';
    return changed(await proposeRange(db, inst.id, req.body.network, { id: req.signedInUser.id, admin }));
  });

  route(app, endpoints.consoleIpRangesApprove, { ...adminOnly }, async (req) => {
    const inst = req.consoleInstitution;
    return changed(await approveRange(db, inst.id, req.params.rangeId, req.signedInUser.id));
  });

  route(app, endpoints.consoleIpRangesRemove, async (req) => {
    const inst = req.consoleInstitution;
    return changed(await removeRange(db, inst.id, req.params.rangeId, req.signedInUser.id));
  });
};
export default routes;
