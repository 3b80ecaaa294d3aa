// A push service stand-in on 127.0.0.1 (HTTPS, a certificate made for the run) that takes what the
// server's web-push sends and checks it as a real push service and browser would:
// - RFC 8292 VAPID: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT signed ES256 with that
//   key (verified with jose), `aud` the endpoint's origin, `exp` in the future and at most 24 h
//   away, `sub` a mailto: or https: contact;
// - RFC 8030: a TTL header, a valid Urgency and Topic, a body of at most 4096 bytes;
// - RFC 8291/8188: `Content-Encoding: aes128gcm`, the body decrypted here with the subscription's
//   private key and auth secret (ECDH, HKDF and AES-128-GCM from node:crypto, no helper library).
// A request that fails a check is answered as a push service would (400/401/403/413) and listed in
// `problems`; a good one is recorded with its decrypted JSON and answered 201. Endpoints marked
// gone answer 404 or 410, as when a browser has unsubscribed; held endpoints answer when released.
import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { importJWK, jwtVerify } from 'jose';
import { makeSubscriptionKeys, pushSubscriptionJson, type SubscriptionKeys } from './push-keys';

export interface ReceivedPush {
  /** The endpoint's name (the last part of its path). */
  name: string;
  message: any;
  ttl: number;
  urgency: string;
  topic: string | undefined;
  /** The VAPID public key (k) and the verified claims. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
}

/** Events in the order they happened, for tests about what waits for what. */
export type PushEvent = { what: 'received' | 'answered'; name: string };

const MAX_BODY = 4096;
const DAY_S = 24 * 60 * 60;

/** RFC 8188 + RFC 8291: the plaintext of an aes128gcm body sent to the subscription with `keys`. */
export function decryptPush(body: Buffer, keys: SubscriptionKeys): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const senderKey = body.subarray(21, 21 + idlen); // keyid: the application server's ECDH public key
  if (idlen !== 65 || senderKey[0] !== 4) throw new Error('keyid is not an uncompressed P-256 point');
  if (rs < 18) throw new Error('record size below 18');
  const records = body.subarray(21 + idlen);
  if (!records.length) throw new Error('no record');

  // RFC 8291 §3.3-3.4: IKM from the ECDH secret and the auth secret, bound to both public keys.
  const ecdhSecret = keys.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, keys.authSecret, keyInfo, 32));
  // RFC 8188 §2.2-2.3: content encryption key and nonce from the salt.
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const plain: Buffer[] = [];
  for (let seq = 0, at = 0; at < records.length; seq++, at += rs) {
    const record = records.subarray(at, at + rs);
    const last = at + rs >= records.length;
    if (record.length < 17) throw new Error('record too short');
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8); // the sequence number XORed in (it fits in 32 bits here)
    const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the data, one delimiter (2 in the last record, 1 before), then zeros.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (end < 0 || padded[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

/** The `t` and `k` of `Authorization: vapid t=…, k=…`. */
function vapidParams(header: string | undefined): { t: string; k: string } | null {
  const m = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!m) return null;
  const params = Object.fromEntries(
    m[1].split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim().toLowerCase(), p.slice(i + 1).trim()];
    }),
  );
  return params.t && params.k ? { t: params.t, k: params.k } : null;
}

class Refused extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface PushServiceStandIn {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** An https agent that trusts this stand-in's certificate (give it to the app as pushAgent). */
  agent: https.Agent;
  /** A new subscription on this stand-in: the endpoint `${origin}/push/<name>` with fresh keys. */
  subscribe(name: string): { endpoint: string; keys: SubscriptionKeys; json: ReturnType<typeof pushSubscriptionJson> };
  /** Pushes accepted, in arrival order. */
  received: ReceivedPush[];
  /** Requests refused by a check, with the reason (a test expects none). */
  problems: string[];
  events: PushEvent[];
  /** From now on this endpoint answers `status` (410 Gone, 404, or e.g. 500 for a failing service). */
  answer(name: string, status: number): void;
  /** Requests arriving from now on wait unanswered until the returned function is called. */
  hold(): () => void;
  /** Resolves when `n` requests in all have arrived (answered or not). */
  arrived(n: number): Promise<void>;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made for the run (PEM: `private`, `cert`). */
export const loopbackCertificate = () =>
  generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });

/** `tls`: the certificate to serve (the e2e run makes one the server trusts); a fresh one by default. */
export async function startPushService(opts: { tls?: { private: string; cert: string } } = {}): Promise<PushServiceStandIn> {
  const pems = opts.tls ?? (await loopbackCertificate());
  const keysByName = new Map<string, SubscriptionKeys>();
  const status = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const events: PushEvent[] = [];
  let held: Promise<void> | null = null;
  let arrivals = 0;
  const arrivalWaiters: { n: number; resolve: () => void }[] = [];
  let origin = '';

  async function check(name: string, req: import('node:http').IncomingMessage, body: Buffer): Promise<ReceivedPush> {
    const keys = keysByName.get(name);
    if (!keys) throw new Refused(404, `no subscription ${name}`);
    if (req.method !== 'POST') throw new Refused(405, `method ${req.method}`);
    // RFC 8292: the JWT, signed with the key it names, for this push service, not too long-lived.
    const vapid = vapidParams(req.headers.authorization);
    if (!vapid) throw new Refused(401, 'no vapid Authorization');
    const raw = Buffer.from(vapid.k, 'base64url');
    if (raw.length !== 65 || raw[0] !== 4) throw new Refused(401, 'k is not an uncompressed P-256 key');
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
      'ES256',
    );
    let claims: ReceivedPush['claims'];
    try {
      const { payload, protectedHeader } = await jwtVerify(vapid.t, key, {
        algorithms: ['ES256'],
        audience: origin,
        requiredClaims: ['exp', 'sub'],
      });
      if (protectedHeader.typ && protectedHeader.typ !== 'JWT') throw new Error(`typ ${protectedHeader.typ}`);
      claims = payload as ReceivedPush['claims'];
    } catch (err) {
      throw new Refused(403, `VAPID JWT refused: ${(err as Error).message}`);
    }
    const now = Math.floor(Date.now() / 1000);
    if (claims.exp > now + DAY_S) throw new Refused(403, 'VAPID JWT expires more than 24 h ahead');
    if (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(String(claims.sub))) throw new Refused(403, `sub ${claims.sub}`);
    // RFC 8030 headers.
    const ttl = req.headers.ttl;
    if (ttl === undefined || !/^\d+$/.test(String(ttl))) throw new Refused(400, 'missing or bad TTL');
    const urgency = String(req.headers.urgency ?? 'normal');
    if (!['very-low', 'low', 'normal', 'high'].includes(urgency)) throw new Refused(400, `urgency ${urgency}`);
    const topic = req.headers.topic as string | undefined;
    if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) throw new Refused(400, `topic ${topic}`);
    // RFC 8291: aes128gcm only, decrypted with the subscription's private key.
    if (req.headers['content-encoding'] !== 'aes128gcm') throw new Refused(400, `content-encoding ${req.headers['content-encoding']}`);
    let message: unknown;
    try {
      message = JSON.parse(decryptPush(body, keys).toString('utf8'));
    } catch (err) {
      throw new Refused(400, `payload: ${(err as Error).message}`);
    }
    return { name, message, ttl: Number(ttl), urgency, topic, vapidKey: vapid.k, claims };
  }

  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY + 1) chunks.push(c);
    });
    req.on('end', async () => {
      const name = (req.url ?? '').replace(/^\/push\//, '');
      events.push({ what: 'received', name });
      arrivals++;
      for (const w of arrivalWaiters.filter((w) => arrivals >= w.n)) {
        arrivalWaiters.splice(arrivalWaiters.indexOf(w), 1);
        w.resolve();
      }
      if (held) await held;
      let code: number;
      try {
        if (size > MAX_BODY) throw new Refused(413, 'payload over 4096 bytes');
        const push = await check(name, req, Buffer.concat(chunks));
        code = status.get(name) ?? 201;
        if (code === 201) received.push(push);
      } catch (err) {
        code = err instanceof Refused ? err.status : 500;
        problems.push(`${name}: ${(err as Error).message}`);
      }
      events.push({ what: 'answered', name });
      res.writeHead(code, code === 201 ? { location: `${origin}/message/${crypto.randomUUID()}` } : {});
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: pems.cert });

  return {
    origin,
    agent,
    received,
    problems,
    events,
    subscribe(name) {
      const keys = makeSubscriptionKeys();
      keysByName.set(name, keys);
      const endpoint = `${origin}/push/${name}`;
      return { endpoint, keys, json: pushSubscriptionJson(endpoint, keys) };
    },
    answer(name, code) {
      status.set(name, code);
    },
    hold() {
      let release!: () => void;
      held = new Promise((r) => (release = r));
      return () => {
        held = null;
        release();
      };
    },
    arrived(n) {
      if (arrivals >= n) return Promise.resolve();
      return new Promise((resolve) => arrivalWaiters.push({ n, resolve }));
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
