// Arrival notifications on this device: the browser's permission, a push subscription made with
// the server's VAPID key through the service worker, the server told (and told again to forget),
// the ping key kept in IndexedDB for the service worker's periodic background sync.
import * as endpoints from '../../../shared/endpoints/zones';
import { ZONE_PING_TAG } from '../../../shared/zone-push';
import { callApi } from '../../lib/api';
import type { BodyIn } from '../../../shared/endpoints/endpoint';
import { deviceId } from '../../lib/device';
import { forgetZonePush, readZonePush, saveZonePush } from '../../db/index';
import { queryOptions } from '@tanstack/react-query';
import { zoneKeys } from './queries';

export type PushLang = 'en' | 'hi';

export interface PushState {
  supported: boolean;
  permission: NotificationPermission;
  /** Subscribed on this device and known to the server (in this language). */
  on: boolean;
  lang: PushLang | null;
}

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker, if one runs this page (none in development, or when it failed to install). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** The browser's JSON of a live subscription always holds its endpoint and keys (the DOM's type
 * has them optional); the server checks them anyway. */
const subscriptionJson = (s: PushSubscription) => s.toJSON() as BodyIn<typeof endpoints.pushSubscriptions>['subscription'];

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return { supported: false, permission: 'default', on: false, lang: null };
  const permission = Notification.permission;
  const reg = await navigator.serviceWorker.getRegistration();
  const subscription = await reg?.pushManager.getSubscription();
  const saved = await readZonePush().catch(() => undefined);
  const on = permission === 'granted' && !!subscription && saved?.endpoint === subscription.endpoint;
  return { supported: true, permission, on, lang: on ? (saved?.lang ?? null) : null };
}

export const pushQuery = () => queryOptions({ queryKey: zoneKeys.push(), queryFn: pushState, staleTime: Infinity });

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => !!a && a.byteLength === b.length && new Uint8Array(a).every((x, i) => x === b[i]);

/** Asks the browser (after the reader read why), subscribes and tells the server. Answers the
 * permission: anything but 'granted' leaves everything as it was. */
export async function turnOnPush(lang: PushLang): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const reg = await registration();
  if (!reg) throw new Error('no service worker');
  const key = bytesOf((await callApi(endpoints.pushKey)).publicKey);
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made with another server key cannot be pushed to by this server.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const reply = await callApi(endpoints.pushSubscriptions, {
    body: { subscription: subscriptionJson(subscription), deviceId: deviceId(), lang },
  });
  await saveZonePush({ pingKey: reply.pingKey, endpoint: subscription.endpoint, lang });
  await registerPing(reg);
  return permission;
}

/** The reader changed the app's language: arrivals follow it (the server replaces this device's entry). */
export async function updatePushLanguage(lang: PushLang): Promise<void> {
  const reg = await navigator.serviceWorker.getRegistration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return;
  const reply = await callApi(endpoints.pushSubscriptions, {
    body: { subscription: subscriptionJson(subscription), deviceId: deviceId(), lang },
  });
  await saveZonePush({ pingKey: reply.pingKey, endpoint: subscription.endpoint, lang });
}

/** The server forgets this device's subscription first (so a failure leaves it on, and says so),
 * then the browser's subscription, the ping key and the background sync go. */
export async function turnOffPush(): Promise<void> {
  const reg = await navigator.serviceWorker?.getRegistration();
  const subscription = await reg?.pushManager.getSubscription();
  const saved = await readZonePush().catch(() => undefined);
  await callApi(endpoints.pushSubscriptionsRemove, { body: { endpoint: subscription?.endpoint ?? saved?.endpoint, deviceId: deviceId() } });
  await subscription?.unsubscribe();
  await forgetZonePush();
  await periodicSync(reg)
    ?.unregister(ZONE_PING_TAG)
    .catch(() => undefined);
}

/** Signed out: this device stops getting the reader's arrivals (the next person on it is not told
 * where the last one was). The server deleted its copy when the session ended (logout). */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (!(await readZonePush().catch(() => undefined))) return;
  const reg = await navigator.serviceWorker?.getRegistration();
  await (await reg?.pushManager.getSubscription())?.unsubscribe();
  await forgetZonePush();
  await periodicSync(reg)
    ?.unregister(ZONE_PING_TAG)
    .catch(() => undefined);
}

// Periodic Background Sync: Chromium, for an installed app only; elsewhere it is simply absent.
interface PeriodicSyncManager {
  register(tag: string, options?: { minInterval: number }): Promise<void>;
  unregister(tag: string): Promise<void>;
}
const periodicSync = (reg: ServiceWorkerRegistration | null | undefined) =>
  (reg as (ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager }) | null | undefined)?.periodicSync;

/** The service worker pings the server now and then (the zone's Wi-Fi is noticed with the app closed). */
async function registerPing(reg: ServiceWorkerRegistration) {
  const sync = periodicSync(reg);
  if (!sync) return;
  try {
    const { state } = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName });
    if (state === 'granted') await sync.register(ZONE_PING_TAG, { minInterval: 60 * 60_000 });
  } catch {
    // not offered here
  }
}
