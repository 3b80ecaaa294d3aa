// Offline writes delivered exactly once: a route that opts in (`config: { idempotent: true }`)
// honours the Idempotency-Key header of a signed-in reader. The first request reserves the key
// atomically and its 2xx answer is kept; a retry gets that answer again (Idempotent-Replayed:
// true) without running the handler. Requests without the header or without a user pass as before.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/index';
import { HttpError, badRequest } from '../http-error';
import { releaseKey, reserveKey, storeAnswer } from '../repositories/idempotency';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours the Idempotency-Key header (the app's offline outbox sends it). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request reserved: its answer is kept in onSend. */
    idempotencyKey: { userId: number; key: string } | null;
    /** Keeps this request's 200 answer inside the change's own transaction (when it holds a key).
     * A route whose change is not safe to apply twice calls it: a process killed between the
     * commit and onSend would otherwise leave the key reserved without an answer, and the retry
     * that takes it over once stale would apply the change again. */
    keepAnswer(tx: Queryable, body: unknown): Promise<void>;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY = /^[A-Za-z0-9_-]{8,100}$/;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(async (app) => {
  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('keepAnswer', async function (this: FastifyRequest, tx: Queryable, body: unknown) {
    if (this.idempotencyKey) await storeAnswer(tx, this.idempotencyKey.userId, this.idempotencyKey.key, 200, JSON.stringify(body));
  });

  // A preHandler: the body is parsed and validated (a bad body reserves nothing). It runs before
  // the signed-in scope's requireUser, so it resolves the user itself (requireUser then reuses it).
  app.addHook('preHandler', async (req, reply) => {
    const key = req.headers[IDEMPOTENCY_HEADER];
    if (key === undefined || !req.routeOptions.config?.idempotent || SAFE.has(req.method)) return;
    const user = await req.optionalUser();
    if (!user) return;
    if (typeof key !== 'string' || !KEY.test(key))
      throw badRequest("The Idempotency-Key header must be 8 to 100 letters, digits, '-' or '_'.");
    const route = `${req.method} ${req.routeOptions.url}`;
    const hash = crypto
      .createHash('sha256')
      .update(JSON.stringify(req.body ?? null))
      .digest('hex');
    const held = await reserveKey(app.db, user.id, key, route, hash);
    if (held.kind === 'reserved') {
      req.idempotencyKey = { userId: user.id, key };
      return;
    }
    if (held.kind === 'reused')
      throw new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request.');
    if (held.kind === 'in_flight')
      throw new HttpError(409, 'idempotency_in_flight', 'The same change is still being saved. Try again in a moment.');
    return reply.code(held.status).header(REPLAYED_HEADER, 'true').send(held.response);
  });

  // In onSend, not onResponse: Fastify skips onResponse when the client hung up, and the change is
  // made by then, so its answer must be kept for the retry. This plugin is registered before
  // @fastify/compress, so the payload here is still the serialised JSON.
  app.addHook('onSend', async (req, reply, payload) => {
    const held = req.idempotencyKey;
    if (!held) return payload;
    req.idempotencyKey = null;
    try {
      if (reply.statusCode < 300 && typeof payload === 'string')
        await storeAnswer(app.db, held.userId, held.key, reply.statusCode, payload);
      else await releaseKey(app.db, held.userId, held.key);
    } catch (err) {
      // The change itself stands: a failed store must not turn its answer into an error. The key
      // stays reserved and is taken over once stale.
      req.log.error({ err }, 'idempotency key not stored');
    }
    return payload;
  });
});
