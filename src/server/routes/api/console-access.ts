// The console's access section: access codes (one or a batch, list with usage,
// disable, CSV) and the subscription, read-only; its e-mail domains are in console-domains.ts.
// Librarians of the institution and admins, checked by console-guard on every call; every change
// audited by the repository.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleAccess, createCodes, disableCode, institutionCodes } from '../../repositories/console-access';
import { toCsv } from '../../services/csv';
import { answer } from './console-guard';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  route(app, endpoints.consoleAccess, async (req) => consoleAccess(db, req.consoleInstitution.id));

  route(app, endpoints.consoleAccessCodes, async (req) => {
    const inst = req.consoleInstitution;
    return { codes: answer(await createCodes(db, inst.id, req.body, req.signedInUser.id)) };
  });

  route(app, endpoints.consoleAccessCodesDisable, async (req) => {
    const inst = req.consoleInstitution;
    return answer(await disableCode(db, inst.id, req.params.codeId, req.signedInUser.id));
  });

  /** Every code of the institution as CSV, for a spreadsheet or a mail merge. */
  route(app, endpoints.consoleAccessCodesCsv, async (req, reply) => {
    const inst = req.consoleInstitution;
    const codes = await institutionCodes(db, inst.id);
    const csv = toCsv(
      ['code', 'label', 'status', 'uses', 'max_uses', 'ends_on', 'newspapers', 'journals', 'created_at', 'last_used_at'],
      codes.map((c) => [c.code, c.label, c.status, c.uses, c.maxUses, c.endsOn, c.newspapers, c.journals, c.createdAt, c.lastUsedAt]),
    );
    const file = `access-codes-${(inst.conCode ?? String(inst.id)).replace(/[^A-Za-z0-9-]/g, '')}.csv`;
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${file}"`).send(csv);
  });
};
export default routes;
