// A zone's on-site poster: the link its QR code carries (the app's zone screen with the zone and a
// signed token, services/zone-codes.ts) and the code as SVG. A desk screen's token lasts minutes
// and the page shows a new one every ZONE_TOKEN_STEP_S; a printed one lasts until today's opening
// hours end, its date printed on it.
import QRCode from 'qrcode';
import type { Queryable } from '../db/index';
import { localDate, openUntilEndOfDay } from '../../shared/zones';
import { getZone, zoneCodeSecret } from '../repositories/zones';
import { screenToken, zoneToken } from './zone-codes';

/** The zone screen's link for a token: `<PUBLIC_URL>/reading-zone?z=<zone>&t=<token>`. */
export const posterUrl = (publicUrl: string, zoneId: number, token: string) =>
  `${publicUrl}/reading-zone?z=${zoneId}&t=${encodeURIComponent(token)}`;

export const qrSvg = (url: string) => QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

export interface PosterLink {
  url: string;
  expiresAt: Date;
  refreshAt: Date;
  /** The zone's day (YYYY-MM-DD in its time zone). */
  date: string;
}

/** A desk screen's link now. Null when there is no such zone. */
export async function screenPoster(db: Queryable, zoneId: number, publicUrl: string, at = Date.now()): Promise<PosterLink | null> {
  const zone = await getZone(db, zoneId);
  const secret = await zoneCodeSecret(db, zoneId);
  if (!zone || secret === null) return null;
  const t = screenToken(secret, zoneId, at);
  return {
    url: posterUrl(publicUrl, zoneId, t.token),
    expiresAt: t.expiresAt,
    refreshAt: t.refreshAt,
    date: localDate(new Date(at), zone.timeZone),
  };
}

/** A paper poster's link, good until today's opening hours end. Null when there is no such zone
 * or it does not open again today. */
export async function printedPoster(db: Queryable, zoneId: number, publicUrl: string, at = Date.now()): Promise<PosterLink | null> {
  const zone = await getZone(db, zoneId);
  const secret = await zoneCodeSecret(db, zoneId);
  if (!zone || secret === null) return null;
  const until = openUntilEndOfDay(zone.hours, zone.timeZone, new Date(at));
  if (!until) return null;
  return {
    url: posterUrl(publicUrl, zoneId, zoneToken(secret, zoneId, until)),
    expiresAt: until,
    refreshAt: until,
    date: localDate(new Date(at), zone.timeZone),
  };
}
