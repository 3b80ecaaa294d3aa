// The reader, by URL space: the reader document at /reader/{issueId} (document.ts); the
// token-gated issue, page images and page texts under /content/reader (pages.ts); and for the
// signed-in reader under /api/reader, the reader token (token.ts), progress and read events
// (reading.ts), and downloads with their limits (downloads.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { readerTokens } from '../../services/reader-tokens';
import documentRoutes from './document';
import pageRoutes from './pages';
import tokenRoutes from './token';
import readingRoutes from './reading';
import downloadRoutes from './downloads';

export { IP_ONLY_DOWNLOAD, ZONE_ONLY_DOWNLOAD } from './downloads';
export { READ_EVENT_ISSUES_MAX } from './reading';

const reader: FastifyPluginAsyncZod = async (app) => {
  const tokens = await readerTokens(app.db, app.config.readerTokenMinutes);
  // Decided by the route the request reached (the path as the router decoded and read it), not
  // the raw URL: /%61pi/reader/… reaches /api/reader/… too.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.routeOptions.url?.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  await app.register(documentRoutes);
  await app.register(pageRoutes, { tokens });
  await app.register(
    signedIn(async (app) => {
      await app.register(tokenRoutes, { tokens });
      await app.register(readingRoutes);
      await app.register(downloadRoutes, { tokens });
    }),
  );
};
export default reader;
