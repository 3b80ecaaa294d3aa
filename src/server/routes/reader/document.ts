// The reader document at /reader/{issueId}: its own small entry of the built app.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../http-error';
import { IssueParams } from './shared';

const routes: FastifyPluginAsyncZod = async (app) => {
  const readerFile = path.join(app.config.appDir, 'reader.html');
  app.get('/reader/:issueId', { schema: { params: IssueParams } }, async (_req, reply) => {
    if (!fs.existsSync(readerFile)) throw notFound('The reader (build the app first)');
    return reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(readerFile));
  });
};
export default routes;
