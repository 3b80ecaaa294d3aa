// The whole server as one Fastify plugin tree: external plugins, our plugins, then routes.
// server.ts only opens the database, listens and shuts down.
import Fastify, { type FastifyServerOptions } from 'fastify';
import etag from '@fastify/etag';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/index';
import type { Config } from './config';
import errors from './plugins/errors';
import staticFiles from './plugins/static';
import contentRoutes from './routes/content/index';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

export async function buildApp(opts: { db: Db; config: Config; logger?: FastifyServerOptions['logger'] }) {
  const app = Fastify({ logger: opts.logger ?? false, trustProxy: true }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', opts.db);
  app.decorate('config', opts.config);

  await app.register(errors);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(etag, { weak: true });

  app.get('/api/health', async () => ({ ok: true, db: opts.db.kind }));
  await app.register(contentRoutes, { prefix: '/content' });
  await app.register(staticFiles);
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
