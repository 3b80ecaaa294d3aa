// The console's access requests: the institution IDs waiting for the institution, the
// image of each (served only here, to its librarians: never a public URL), and the decision,
// which tells the reader. Every call is checked by console-guard.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingIdRequest, pendingIdRequests } from '../../repositories/id-requests';
import { idDir } from '../../services/id-files';
import { decideAndTell } from '../../services/id-decisions';
import { HttpError } from '../../http-error';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const noRequest = () => new HttpError(404, 'not_found', 'That request is no longer waiting: it was decided or withdrawn.');

const routes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    mailer: app.mailer,
    sms: app.sms,
    privateDir: app.config.privateDir,
    warn: (err: unknown) => app.log.warn({ err }, 'the reader could not be told of the ID decision'),
  };

  route(app, endpoints.consoleIdRequests, async (req) => {
    const institution = req.consoleInstitution;
    const rows = await pendingIdRequests(app.db, institution.id);
    return {
      requests: rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        name: r.name,
        email: r.email,
        mobile: r.mobile,
        createdAt: r.created_at.toISOString(),
      })),
    };
  });

  // The image the server drew from the upload (a photo redrawn, a PDF's first page): WebP only.
  route(app, endpoints.consoleIdRequestsImage, async (req, reply) => {
    const institution = req.consoleInstitution;
    const request = await pendingIdRequest(app.db, req.params.requestId, institution.id);
    if (!request) throw noRequest();
    const file = path.join(idDir(app.config.privateDir), path.basename(request.file_name));
    if (!fs.existsSync(file)) throw noRequest();
    return reply
      .type(request.mime)
      .header('Content-Disposition', 'inline')
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .send(fs.readFileSync(file));
  });

  route(app, endpoints.consoleIdRequestsApprove, async (req) => {
    const institution = req.consoleInstitution;
    const done = await decideAndTell(deps, {
      id: req.params.requestId,
      institutionId: institution.id,
      actorId: req.signedInUser.id,
      decision: 'approve',
    });
    if (!done) throw noRequest();
    return { ok: true as const, ...done };
  });

  route(app, endpoints.consoleIdRequestsReject, async (req) => {
    const institution = req.consoleInstitution;
    const done = await decideAndTell(deps, {
      id: req.params.requestId,
      institutionId: institution.id,
      actorId: req.signedInUser.id,
      decision: 'reject',
      reason: req.body.reason,
    });
    if (!done) throw noRequest();
    return { ok: true as const, ...done };
  });
};
export default routes;
