// The whole server as one Fastify plugin tree: external plugins, our plugins, then routes.
// server.ts only opens the database, listens and shuts down.
import type https from 'node:https';
import zlib from 'node:zlib';
import Fastify, { type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import etag from '@fastify/etag';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/index';
import { QuietRequestLog } from './logging';
import type { Config } from './config';
import errors from './plugins/errors';
import staticFiles from './plugins/static';
import contentRoutes from './routes/content/index';
import apiRoutes from './routes/api/index';
import readerRoutes from './routes/reader/index';
import sushiRoutes from './routes/harvest/sushi';
import kbartRoutes from './routes/harvest/kbart';
import healthRoute from './routes/health';
import samlRoutes from './routes/saml';
import paymentWebhook from './routes/payments-webhook';
import appLinkRoutes from './routes/app-links/index';
import xsrf from './plugins/xsrf';
import readYourWrites from './plugins/read-your-writes';
import securityHeaders from './plugins/security-headers';
import requestLimits from './plugins/request-limits';
import proxyWarning from './plugins/proxy-warning';
import idempotency from './plugins/idempotency';
import auth from './plugins/auth';
import accounts from './plugins/accounts';
import push, { type PushOptions } from './plugins/push';
import ingestJobs from './plugins/ingest-jobs';
import metrics from './plugins/metrics';
import radius from './plugins/radius';
import type { Mailer, SmsSender } from './services/mailer';
import type { MediaStorage } from './media/storage';
import { openStorage } from './media/open-storage';
import { loadPhonePlans } from '../shared/schemas/phone';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Media files: the local directory or S3 (config.s3). */
    storage: MediaStorage;
    /** True while the server asks itself its busiest questions before it listens (warm-up.ts). */
    warmingUp: boolean;
  }
}

export interface AppOptions {
  db: Db;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Replace the configured mail and SMS senders (tests). */
  mailer?: Mailer;
  sms?: SmsSender;
  /** The https agent for requests to push services (tests: one that trusts a stand-in's certificate). */
  pushAgent?: https.Agent;
  /** Web Push queue size (tests): users sent to at once, and how many more may wait. */
  pushQueue?: Pick<PushOptions, 'concurrency' | 'waiting'>;
  /** Called for every route as it is added (tests read the route table with its schemas). */
  onRoute?: (route: RouteOptions) => void;
}

/** Trust the nearest n proxies (proxy-addr's hop count; Fastify's types take no number). */
const hops = (n: number) => (_addr: string, i: number) => i < n;

export async function buildApp(opts: AppOptions) {
  const { config } = opts;
  // The sign-in and contact bodies check mobile numbers against these plans, synchronously.
  await loadPhonePlans();
  const app = Fastify({
    logger: opts.logger ?? false,
    // A line per request only when asked for (REQUEST_LOG=1).
    logController: config.requestLog ? undefined : new QuietRequestLog(),
    // The client's address comes from the socket unless TRUST_PROXY names the proxies in front.
    trustProxy: typeof config.trustProxy === 'number' ? hops(config.trustProxy) : config.trustProxy,
    // Slow clients are not held without limit: headers, the whole request, idle sockets.
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.headersTimeoutMs / 2)),
    },
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.idleTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // A malformed URL (bad percent-encoding) gets the project's error shape.
    frameworkErrors: (err, _req, reply) => {
      void (reply as unknown as FastifyReply).code(400).send({ error: { code: 'bad_request', message: err.message } });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', opts.db);
  app.decorate('config', opts.config);
  app.decorate('storage', openStorage(config));
  app.decorate('warmingUp', false);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(requestLimits);
  await app.register(proxyWarning);
  // Before compress: its onSend keeps the serialised answer of an Idempotency-Key.
  await app.register(idempotency);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  });
  await app.register(etag, { weak: true });
  await app.register(xsrf);
  await app.register(readYourWrites); // after xsrf, which parses cookies
  await app.register(auth);
  await app.register(accounts, { mailer: opts.mailer, sms: opts.sms });
  await app.register(push, { agent: opts.pushAgent, ...opts.pushQueue });
  await app.register(ingestJobs); // bulk import's queue, run in the background
  await app.register(metrics); // after push, whose queue it reads; before the routes it counts
  await app.register(radius); // after metrics, which count its packets

  await app.register(healthRoute);
  await app.register(contentRoutes, { prefix: '/content' });
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(readerRoutes);
  await app.register(sushiRoutes);
  await app.register(kbartRoutes);
  await app.register(paymentWebhook);
  await app.register(samlRoutes);
  await app.register(appLinkRoutes);
  await app.register(staticFiles);
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
