// The whole server as one Fastify plugin tree: external plugins, our plugins, then routes.
// server.ts only opens the database, listens and shuts down.
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import etag from '@fastify/etag';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/index';
import type { Config } from './config';
import errors from './plugins/errors';
import staticFiles from './plugins/static';
import contentRoutes from './routes/content/index';
import apiRoutes from './routes/api/index';
import readerRoutes from './routes/reader/index';
import xsrf from './plugins/xsrf';
import auth from './plugins/auth';
import accounts from './plugins/accounts';
import type { Mailer, SmsSender } from './services/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

export interface AppOptions {
  db: Db;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Replace the configured mail and SMS senders (tests). */
  mailer?: Mailer;
  sms?: SmsSender;
  /** Called for every route as it is added (tests read the route table with its schemas). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(opts: AppOptions) {
  const app = Fastify({ logger: opts.logger ?? false, trustProxy: true }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', opts.db);
  app.decorate('config', opts.config);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  await app.register(errors);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(etag, { weak: true });
  await app.register(xsrf);
  await app.register(auth);
  await app.register(accounts, { mailer: opts.mailer, sms: opts.sms });

  app.get('/api/health', async () => ({ ok: true, db: opts.db.kind }));
  await app.register(contentRoutes, { prefix: '/content' });
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(readerRoutes);
  await app.register(staticFiles);
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
