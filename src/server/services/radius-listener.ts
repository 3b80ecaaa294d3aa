// The RADIUS accounting listener (RFC 2866): a venue's RADIUS server, Wi-Fi controller or access
// point tells us who joined its network, so a member walking in with Lectern closed still gets a
// pass and the arrival notification. An Accounting-Request whose Request Authenticator verifies
// with the secret of a RADIUS client of a zone (matched by NAS-Identifier, Called-Station-Id or
// NAS-IP-Address) is answered with an Accounting-Response, as RFC 2866 asks, whatever it says
// (a Stop, a user we do not know: the answer means "recorded", never "member"); a Start or an
// Interim-Update naming a member starts or extends their pass exactly as a network sighting does.
// Everything else (wrong secret, unknown NAS, malformed, replayed, stale, over a source's rate) is
// dropped unanswered and counted. Dropping costs no database work: the clients are kept in memory.
import dgram from 'node:dgram';
import crypto from 'node:crypto';
import { isIP } from 'node:net';
import radius from 'radius';
import type { FastifyInstance } from 'fastify';
import { REPLAY_WINDOW_S, allRadiusClients, firstSighting, type RadiusClient } from '../repositories/network-arrivals';
import { clientInet } from '../repositories/zones';
import { arriveNamed } from './zones';

const ACCOUNTING_REQUEST = 4;
const HEADER = 20;
/** RFC 2865 §3: the longest packet. */
const MAX_PACKET = 4096;
/** How often the clients are read again (a change in the console takes effect within this). */
const CLIENTS_TTL_MS = 5000;
/** Packets being recorded at once; past it a packet is dropped unanswered (the NAS sends it again). */
const MAX_IN_FLIGHT = 64;
/** Sources whose rate is tracked; past it the table starts again (a flood of spoofed sources). */
const MAX_SOURCES = 10_000;
/** Candidates a packet's secret is tried against (one NAS-Identifier in several zones). */
const MAX_CANDIDATES = 8;

export const DROP_REASONS = ['rate_limited', 'malformed', 'unknown_nas', 'bad_authenticator', 'stale', 'replay', 'busy', 'error'] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export interface RadiusStats {
  received: number;
  answered: number;
  arrivals: number;
  dropped: Record<DropReason, number>;
}

export interface RadiusListener {
  /** The bound port (with RADIUS_ACCT_PORT=0, the one the system chose). */
  port: number;
  stats: RadiusStats;
  /** Reads the clients again now (after a change in this process). */
  reload(): Promise<void>;
  close(): Promise<void>;
}

/** A packet whose header and attributes are well formed: attributes of 2 to 255 octets exactly
 * filling the stated length. The codec below is lenient; this is checked first. */
export function wellFormed(packet: Buffer): boolean {
  if (packet.length < HEADER || packet.length > MAX_PACKET) return false;
  const length = packet.readUInt16BE(2);
  if (length < HEADER || length > packet.length) return false;
  for (let at = HEADER; at < length;) {
    if (at + 2 > length) return false;
    const len = packet[at + 1];
    if (len < 2 || at + len > length) return false;
    at += len;
  }
  return true;
}

/** RFC 2866 §3: the Request Authenticator is MD5(Code + Identifier + Length + 16 zero octets +
 * attributes + secret). Compared in constant time; the codec's own check compares the two as UTF-8
 * strings, under which different bytes can be equal, so it is not used. */
export function authenticatorValid(packet: Buffer, secret: string): boolean {
  const length = packet.readUInt16BE(2);
  const md5 = crypto.createHash('md5');
  md5.update(packet.subarray(0, 4));
  md5.update(Buffer.alloc(16));
  md5.update(packet.subarray(HEADER, length));
  md5.update(secret);
  return crypto.timingSafeEqual(md5.digest(), packet.subarray(4, HEADER));
}

interface Attributes {
  'User-Name'?: string;
  'Acct-Status-Type'?: string;
  'NAS-Identifier'?: string;
  'NAS-IP-Address'?: string;
  'Called-Station-Id'?: string;
  'Event-Timestamp'?: Date | number;
}

/** The RADIUS clients a packet names, by NAS-Identifier, Called-Station-Id (the whole, or the SSID
 * after its last ':') or NAS-IP-Address, the last only when the packet came from that address. */
export function candidates(clients: RadiusClient[], a: Attributes, source: string): RadiusClient[] {
  const nasId = a['NAS-Identifier']?.trim().toLowerCase();
  const called = a['Called-Station-Id']?.trim().toLowerCase();
  const ssid = called?.includes(':') ? called.slice(called.lastIndexOf(':') + 1) : undefined;
  const nasIp = clientInet(a['NAS-IP-Address']);
  const from = clientInet(source);
  return clients
    .filter((c) =>
      c.matchBy === 'nas_identifier'
        ? nasId !== undefined && c.matchValue === nasId
        : c.matchBy === 'called_station'
          ? called !== undefined && (c.matchValue === called || c.matchValue === ssid)
          : nasIp !== undefined && nasIp === from && c.matchValue === nasIp,
    )
    .slice(0, MAX_CANDIDATES);
}

/** A token bucket per source address: `rate` a second, bursts of twice that. */
function sourceLimiter(rate: number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (source: string, now = Date.now()) => {
    let b = buckets.get(source);
    if (!b) {
      if (buckets.size >= MAX_SOURCES) buckets.clear();
      b = { tokens: rate * 2, at: now };
      buckets.set(source, b);
    }
    b.tokens = Math.min(rate * 2, b.tokens + ((now - b.at) / 1000) * rate);
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  };
}

export async function startRadiusListener(
  app: FastifyInstance,
  opts: { host: string; port: number; rate: number },
): Promise<RadiusListener> {
  const stats: RadiusStats = {
    received: 0,
    answered: 0,
    arrivals: 0,
    dropped: Object.fromEntries(DROP_REASONS.map((r) => [r, 0])) as Record<DropReason, number>,
  };
  let clients: RadiusClient[] = await allRadiusClients(app.db);
  let readAt = Date.now();
  let reading: Promise<void> | null = null;
  const reload = async () => {
    clients = await allRadiusClients(app.db);
    readAt = Date.now();
  };
  /** The clients, read again in the background when older than CLIENTS_TTL_MS (never awaited by a packet). */
  const current = () => {
    if (Date.now() - readAt > CLIENTS_TTL_MS && !reading)
      reading = reload()
        .catch((err) => app.log.warn({ err }, 'RADIUS: could not read the clients again'))
        .finally(() => (reading = null));
    return clients;
  };
  const allowed = sourceLimiter(opts.rate);
  let inFlight = 0;
  const drop = (reason: DropReason) => void stats.dropped[reason]++;

  const socket = dgram.createSocket({ type: isIP(opts.host) === 6 ? 'udp6' : 'udp4' });
  socket.on('error', (err) => app.log.error({ err }, 'RADIUS accounting socket error'));

  const handle = async (packet: Buffer, rinfo: dgram.RemoteInfo) => {
    stats.received++;
    if (!allowed(rinfo.address)) return drop('rate_limited');
    if (!wellFormed(packet) || packet[0] !== ACCOUNTING_REQUEST) return drop('malformed');
    let decoded: ReturnType<typeof radius.decode_without_secret>;
    try {
      decoded = radius.decode_without_secret({ packet });
    } catch {
      return drop('malformed');
    }
    const a = decoded.attributes as Attributes;
    const named = candidates(current(), a, rinfo.address);
    if (!named.length) return drop('unknown_nas');
    const verified = named.filter((c) => authenticatorValid(packet, c.secret));
    if (!verified.length) return drop('bad_authenticator');
    const stamp = a['Event-Timestamp'];
    if (stamp !== undefined) {
      const at = stamp instanceof Date ? stamp.getTime() : Number(stamp) * 1000;
      if (!Number.isFinite(at) || Math.abs(Date.now() - at) > REPLAY_WINDOW_S * 1000) return drop('stale');
    }
    if (inFlight >= MAX_IN_FLIGHT) return drop('busy');
    inFlight++;
    try {
      // The same Identifier and authenticator from the same source: the packet again.
      const key = `radius:${clientInet(rinfo.address)}:${packet[1]}:${packet.subarray(4, HEADER).toString('hex')}`;
      if (!(await firstSighting(app.db, key))) return drop('replay');
      const status = a['Acct-Status-Type'];
      const user = a['User-Name'];
      if ((status === 'Start' || status === 'Interim-Update') && user) {
        const arrived = await arriveNamed(
          app,
          user,
          verified.map((c) => c.zoneId),
        );
        stats.arrivals += arrived.length;
      }
      const reply = radius.encode_response({ packet: decoded, code: 'Accounting-Response', secret: verified[0].secret });
      socket.send(reply, rinfo.port, rinfo.address, (err) => {
        if (err) app.log.warn({ err }, 'RADIUS: could not answer');
        else stats.answered++;
      });
    } catch (err) {
      // The database failed: no answer, so the NAS sends the packet again later.
      app.log.error({ err }, 'RADIUS: could not record an accounting packet');
      drop('error');
    } finally {
      inFlight--;
    }
  };
  socket.on('message', (packet, rinfo) => {
    handle(packet, rinfo).catch((err) => {
      app.log.error({ err }, 'RADIUS: packet handling failed');
      drop('error');
    });
  });

  // exclusive: false (the default, said here on purpose): with WORKERS the primary owns the one
  // socket and every worker reads from it in turn (node:cluster shares UDP handles); the replay
  // memory is in the database, so it holds across them.
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind({ address: opts.host, port: opts.port, exclusive: false }, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return {
    port: socket.address().port,
    stats,
    reload,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
