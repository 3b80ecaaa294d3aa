// The console's members: the list with search and filters, the CSV export, a member's
// page, removing a member and extending their access. Every call is checked by console-guard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MemberFilter } from '../../../shared/schemas/console-members';
import { allMembers, extendAccess, listMembers, memberDetail, removeMember } from '../../repositories/console-members';
import { memberPrivacy } from '../../repositories/member-privacy';
import { checkImport, deliverInvitations, importMembers, inviteAgain } from '../../repositories/member-invitations';
import { BulkResult } from '../../../shared/schemas/member-import';
import { HttpError } from '../../http-error';
import { toCsv } from '../../services/csv';
import { lastAccessDay } from '../../../shared/labels';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const lastDay = (iso: string | null) => (iso ? lastAccessDay(Date.parse(iso)) : '');

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.consoleMembers, async (req) => listMembers(app.db, req.consoleInstitution.id, req.query));

  route(app, endpoints.consoleMembersCsv, async (req, reply) => {
    const institution = req.consoleInstitution;
    const [rows, privacy] = await Promise.all([allMembers(app.db, institution.id, req.query), memberPrivacy(app.db, institution.id)]);
    const filter: MemberFilter = req.query.filter;
    reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="members-${institution.id}-${filter}.csv"`);
    // The last read is a column only where the institution shows members' reading.
    const columns = ['name', 'email', 'mobile', 'status', 'access_until', ...(privacy.showReading ? ['last_read'] : [])];
    return toCsv(
      columns,
      rows.map((m) => [m.name, m.email, m.mobile, m.status, lastDay(m.accessEndsAt), day(m.lastReadAt)].slice(0, columns.length)),
    );
  });

  route(app, endpoints.consoleMember, async (req) => memberDetail(app.db, req.consoleInstitution.id, req.params.memberId));

  // Sends what the import or a bulk invitation queued, after the answer (the job retries failures).
  const deliver = () =>
    void deliverInvitations(app.db, app.mailer, app.config.publicUrl).catch((err) => app.log.error({ err }, 'invitations failed'));

  route(app, endpoints.consoleMembersImportPreview, async (req) => checkImport(app.db, req.consoleInstitution.id, req.body.csv));

  route(app, endpoints.consoleMembersImport, async (req) => {
    const institution = req.consoleInstitution;
    const result = await importMembers(app.db, institution.id, req.body.csv, req.signedInUser.id);
    if (result.invited) deliver();
    return result;
  });

  route(app, endpoints.consoleMembersBulk, async (req) => {
    const institution = req.consoleInstitution;
    const body = req.body;
    const results: BulkResult['results'] = [];
    // One member at a time, each in its own transaction and audited as the single action is.
    for (const id of new Set(body.memberIds)) {
      try {
        let error: string | null = null;
        if (body.action === 'extend') await extendAccess(app.db, institution.id, id, body.until, req.signedInUser.id);
        else if (body.action === 'remove') await removeMember(app.db, institution.id, id, req.signedInUser.id);
        else error = await inviteAgain(app.db, institution.id, id, req.signedInUser.id);
        results.push({ id, ok: error === null, error });
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
        results.push({ id, ok: false, error: err.message });
      }
    }
    if (body.action === 'invite' && results.some((r) => r.ok)) deliver();
    return { results };
  });

  route(app, endpoints.consoleMembersRemove, async (req) => {
    const institution = req.consoleInstitution;
    await removeMember(app.db, institution.id, req.params.memberId, req.signedInUser.id);
    return { ok: true as const };
  });

  route(app, endpoints.consoleMembersExtend, async (req) => {
    const institution = req.consoleInstitution;
    await extendAccess(app.db, institution.id, req.params.memberId, req.body.until, req.signedInUser.id);
    return memberDetail(app.db, institution.id, req.params.memberId);
  });
};
export default routes;
