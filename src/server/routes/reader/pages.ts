// What a reader token opens, under /content/reader: the issue, its page images and texts. The
// token in the query is the whole check, so these take no signed-in user.
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '../../../shared/endpoints';
import { route } from '../endpoint';
import { notFound } from '../../http-error';
import { issueManifest, pageImageFile, type PageSize, pageText, readProgress } from '../../repositories/reader';
import { sendMedia } from '../../media/serve';
import type { ReaderOptions } from './shared';

const routes: FastifyPluginAsyncZod<ReaderOptions> = async (app, { tokens }) => {
  const noStore = { 'Cache-Control': 'private, no-cache' };
  route(app, endpoints.readerIssue, async (req, reply) => {
    const grant = await tokens.verify(req.query.code, req.params.issueId);
    reply.headers(noStore);
    const [manifest, progress] = await Promise.all([
      issueManifest(app.db, req.params.issueId),
      readProgress(app.db, grant.userId, req.params.issueId),
    ]);
    return { ...manifest, progress };
  });

  route(app, endpoints.readerPageText, async (req, reply) => {
    const { issueId, page } = req.params;
    await tokens.verify(req.query.code, issueId);
    const text = await pageText(app.db, issueId, page);
    if (text === null) throw notFound(`Page ${page}`);
    reply.headers(noStore);
    return { n: page, text };
  });

  route(app, endpoints.readerPageImage, async (req, reply) => {
    const { issueId, page, size } = req.params;
    const grant = await tokens.verify(req.query.code, issueId);
    const name = await pageImageFile(app.db, issueId, page, size.slice(0, -'.webp'.length) as PageSize);
    if (!name) throw notFound(`Page ${page}`);
    // The browser may keep it only while the token lives (the URL carries the token).
    const maxAge = Math.max(0, grant.expiresAt - Math.floor(Date.now() / 1000));
    return sendMedia(req, reply, app.storage, 'pages', path.basename(name), `private, max-age=${maxAge}`, `Page ${page}`);
  });
};
export default routes;
