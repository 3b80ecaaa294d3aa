// The reader token: the entitlement check, for the signed-in reader.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readerUrl } from '../../../shared/reader-paths';
import { HttpError } from '../../http-error';
import { checkReading } from '../../repositories/entitlement';
import { readProgress } from '../../repositories/reader';
import { sight } from '../../services/zones';
import { type ReaderOptions, deny } from './shared';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod<ReaderOptions> = async (app, { tokens }) => {
  route(app, endpoints.readerToken, async (req) => {
    const user = req.signedInUser;
    const { issue, store_id, user_id, page } = req.body;
    if (user_id && user_id !== Buffer.from(user.uuid).toString('base64'))
      throw new HttpError(403, 'wrong_user', 'This reading request is for another account. Please sign in again.');
    // On a zone's network this is where Read Now meets the zone: sighted first (one indexed
    // lookup when the address is in no zone), so the pass is there for the check.
    await sight(app, user.id, { ip: req.ip });
    // Where to open, known here already: the reader's first requests can then go out at once. It
    // is read beside the check (a round trip less) and answered only once the check has passed.
    const progress = page === undefined ? readProgress(app.db, user.id, issue) : Promise.resolve({ page });
    progress.catch(() => undefined); // a failure is thrown where it is awaited, if it is
    await checkReading(app.db, user.id, issue, store_id, req.ip).catch((err) => deny(app.db, user.id, issue, err));
    const { code, expiresAt } = await tokens.sign(user, issue, user.sessionId);
    const { page: at } = await progress;
    return { status: 'success' as const, data: { code, expiresAt, issueId: issue, page: at, url: readerUrl(issue, at ?? undefined) } };
  });
};
export default routes;
