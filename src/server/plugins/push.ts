// Web Push (RFC 8030/8291/8292) through the web-push library: VAPID keys made on first start and
// kept in the database like the other server secrets, and a small in-process queue so that a
// request that causes a push (an arrival in a zone) never waits for a push service.
import type https from 'node:https';
import fp from 'fastify-plugin';
import webpush from 'web-push';
import { ArrivalMessage } from '../../shared/schemas/zones';
import { serverKeyPair } from '../services/secrets';
import { allowedPushEndpoint } from '../services/push-endpoints';
import { markSubscriptionSent, removeGoneSubscription, subscriptionsForUser } from '../repositories/push-subscriptions';

export interface PushService {
  /** The VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
  publicKey: string;
  /** Queues an arrival push to every subscription of the user, each in its own language, and
   * returns at once: true when queued, false when the queue is full (the push is dropped). */
  sendToUser(userId: number, message: (lang: 'en' | 'hi') => ArrivalMessage): boolean;
  /** Resolves once nothing is queued or being sent (tests, shutdown). */
  idle(): Promise<void>;
  /** Users waiting and being sent to now, and pushes dropped since start (metrics). */
  stats(): { waiting: number; sending: number; dropped: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

export interface PushOptions {
  /** The https agent for requests to push services (tests: one that trusts the stand-in's certificate). */
  agent?: https.Agent;
  /** Users being sent to at once, and how many more may wait (beyond that a push is dropped). */
  concurrency?: number;
  waiting?: number;
}

/** A push not delivered within 4 hours is no longer news (the pass it announces may be over). */
export const PUSH_TTL_SECONDS = 4 * 60 * 60;
/** A push service that does not answer within this long does not hold a queue slot longer. */
const SEND_TIMEOUT_MS = 10_000;
/** How long shutdown waits for queued pushes before closing anyway. */
const CLOSE_WAIT_MS = 5_000;

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export default fp<PushOptions>(
  async (app, opts) => {
    const keys = await serverKeyPair<VapidKeys>(app.db, 'vapid-keys', () => webpush.generateVAPIDKeys());
    const vapidDetails = { subject: app.config.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey };
    // A wrong VAPID_SUBJECT fails the start, not every push later.
    webpush.getVapidHeaders('https://push.example', vapidDetails.subject, vapidDetails.publicKey, vapidDetails.privateKey, 'aes128gcm');
    const hosts = app.config.pushServiceHosts;
    const concurrency = Math.max(1, opts.concurrency ?? 4);
    const maxWaiting = Math.max(0, opts.waiting ?? 1000);

    const waiting: (() => Promise<void>)[] = [];
    let active = 0;
    let closed = false;
    let idleWaiters: (() => void)[] = [];
    let droppedSince = 0;
    let dropped = 0;
    let scheduled = false;

    function pump() {
      scheduled = false;
      while (active < concurrency && waiting.length) {
        const job = waiting.shift()!;
        active++;
        job()
          .catch((err) => app.log.error({ err }, 'push failed'))
          .finally(() => {
            active--;
            pump();
          });
      }
      if (!active && !waiting.length) {
        const done = idleWaiters;
        idleWaiters = [];
        for (const resolve of done) resolve();
      }
    }

    async function deliver(userId: number, message: (lang: 'en' | 'hi') => ArrivalMessage) {
      const payloads = new Map<'en' | 'hi', ArrivalMessage>();
      for (const sub of await subscriptionsForUser(app.db, userId)) {
        // Checked again at sending: the list of push services may have changed since it was stored.
        const endpoint = allowedPushEndpoint(sub.endpoint, hosts);
        const host = endpoint ? new URL(endpoint).host : 'refused';
        if (!endpoint) {
          app.log.warn({ subscription: sub.id }, 'push not sent: the endpoint is not on a known push service');
          continue;
        }
        if (!payloads.has(sub.lang)) payloads.set(sub.lang, ArrivalMessage.parse(message(sub.lang)));
        const payload = payloads.get(sub.lang)!;
        try {
          await webpush.sendNotification({ endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
            vapidDetails,
            TTL: PUSH_TTL_SECONDS,
            urgency: 'high',
            // A newer arrival in the same zone replaces one still waiting on the push service.
            topic: `zone-${payload.zoneId}`,
            agent: opts.agent,
            timeout: SEND_TIMEOUT_MS,
          });
          await markSubscriptionSent(app.db, sub.id);
        } catch (err) {
          const status = err instanceof webpush.WebPushError ? err.statusCode : undefined;
          if (status === 404 || status === 410) {
            // The browser unsubscribed or the subscription expired: it will never work again.
            await removeGoneSubscription(app.db, sub.id, sub.endpoint);
          } else {
            // Logged once, not retried; the endpoint itself is a credential and stays out of the log.
            app.log.warn(
              { subscription: sub.id, host, status, reason: status ? undefined : String((err as Error).message) },
              'push not delivered',
            );
          }
        }
      }
    }

    const push: PushService = {
      publicKey: keys.publicKey,
      sendToUser(userId, message) {
        if (closed || waiting.length >= maxWaiting + Math.max(0, concurrency - active)) {
          // A flood is dropped rather than grown without bound; said once per burst.
          dropped++;
          if (droppedSince++ === 0) app.log.warn('push queue full: arrival pushes are being dropped');
          return false;
        }
        droppedSince = 0;
        waiting.push(() => deliver(userId, message));
        // Started on a later turn of the event loop, so nothing of it runs inside the caller.
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
        return true;
      },
      idle() {
        if (!active && !waiting.length) return Promise.resolve();
        return new Promise((resolve) => idleWaiters.push(resolve));
      },
      stats: () => ({ waiting: waiting.length, sending: active, dropped }),
    };
    app.decorate('push', push);

    // The database closes after the app: let queued pushes finish first (for a while).
    app.addHook('onClose', async () => {
      closed = true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([push.idle(), new Promise((r) => (timer = setTimeout(r, CLOSE_WAIT_MS)))]);
      clearTimeout(timer);
    });
  },
  { name: 'push' },
);
