// What the service worker does with a Smart Reading Zone push, as plain functions so the app's
// unit tests can check them: read the payload (the ArrivalMessage of schemas/zones.ts, checked by
// hand so the service worker does not carry zod), what to show when a push cannot be read (a
// browser requires a notification for every push), and where a click goes.
import type { ArrivalMessage } from './schemas/zones';

/** The screen a zone notification opens, per language. */
export const ZONE_SCREEN = { en: '/reading-zone', hi: '/hi/reading-zone' } as const;
/** The periodic background sync that pings the server from the zone's Wi-Fi. */
export const ZONE_PING_TAG = 'zone-ping';

const isString = (v: unknown): v is string => typeof v === 'string';

/** The arrival message in a push, or null when the push carries something else. */
export function parseArrival(text: string | null | undefined): ArrivalMessage | null {
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(text ?? '');
  } catch {
    return null;
  }
  if (!m || typeof m !== 'object') return null;
  const ok =
    m.type === 'zone-arrival' &&
    isString(m.title) &&
    m.title.length > 0 &&
    isString(m.body) &&
    isString(m.url) &&
    typeof m.zoneId === 'number' &&
    Number.isFinite(m.zoneId) &&
    isString(m.endsAt) &&
    (m.lang === 'en' || m.lang === 'hi');
  return ok ? (m as unknown as ArrivalMessage) : null;
}

/** Shown for a push that is not an arrival message we can read. */
export function fallbackNotice(language: string): { title: string; body: string; url: string; lang: 'en' | 'hi' } {
  return language.startsWith('hi')
    ? { title: 'Lectern', body: 'स्मार्ट रीडिंग ज़ोन की ख़बर देखने के लिए Lectern खोलें।', url: ZONE_SCREEN.hi, lang: 'hi' }
    : { title: 'Lectern', body: 'Open Lectern to see your Smart Reading Zone news.', url: ZONE_SCREEN.en, lang: 'en' };
}

/** Where a click on a notification goes: a path of this app (never another site), else the zone screen. */
export function notificationTarget(url: unknown, origin: string): string {
  if (isString(url) && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) {
    try {
      const target = new URL(url, origin);
      if (target.origin === origin) return target.href;
    } catch {
      // not a URL: the zone screen below
    }
  }
  return new URL(ZONE_SCREEN.en, origin).href;
}
