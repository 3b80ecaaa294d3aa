// Headless Chromium has no push service: the e2e tests hand the app a subscription on the run's
// push-service stand-in (tests/support/push-service.ts) instead.
import fs from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { startPushService } from '../support/push-service';

/** The run's push receiver, on the certificate playwright.config.ts made for it (which the server trusts). */
export function startRunPushReceiver() {
  const dir = `${process.env.LECTERN_E2E_DATA_DIR}-push`;
  return startPushService({
    tls: { private: fs.readFileSync(`${dir}/key.pem`, 'utf8'), cert: fs.readFileSync(`${dir}/cert.pem`, 'utf8') },
  });
}

/** Headless Chromium has no push service here: PushManager hands out a subscription on the
 * run's receiver (the endpoint and keys the test made), remembered like a browser would. */
export async function stubPushManager(context: BrowserContext, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  await context.addInitScript((sub) => {
    const KEY = 'e2e.pushSubscription';
    const make = (serverKey: string) => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: Uint8Array.from(atob(serverKey), (c) => c.charCodeAt(0)).buffer },
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => (localStorage.removeItem(KEY), true),
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = btoa(String.fromCharCode(...new Uint8Array(options!.applicationServerKey as Uint8Array)));
      localStorage.setItem(KEY, key);
      return make(key) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const key = localStorage.getItem(KEY);
      return (key ? make(key) : null) as unknown as PushSubscription;
    };
  }, subscription);
}
