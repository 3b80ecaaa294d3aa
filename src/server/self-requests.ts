// Requests the server makes of itself (its warm-up before it listens; the first screens' drawing,
// which asks /content as a visitor's app would) carry a mark made anew by each process, which no
// client can know: they are the server's own work, counted in the visitor's request, not against
// the loopback address's rate limit. Left counted, a few hundred first visits a minute to
// different titles spent that address's allowance and the pages after them went out undrawn.
import crypto from 'node:crypto';

const HEADER = 'x-lectern-self';
const mark = crypto.randomBytes(32).toString('hex');
const markBytes = Buffer.from(mark);

/** The headers that mark a request as the server's own. */
export const selfRequestHeaders = (): Record<string, string> => ({ [HEADER]: mark });

export function isSelfRequest(req: { headers: Record<string, string | string[] | undefined> }): boolean {
  const sent = req.headers[HEADER];
  return typeof sent === 'string' && sent.length === mark.length && crypto.timingSafeEqual(Buffer.from(sent), markBytes);
}
