// Web Push against a real receiver: subscriptions through the API, arrival pushes sent by the
// server's web-push to a push-service stand-in on loopback that verifies the VAPID JWT and decrypts
// the aes128gcm payload with the subscription's private key (tests/support/push-service.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, xsrfToken, type ApiClient, unchecked } from '../support/api-client';
import { startPushService, type PushServiceStandIn } from '../support/push-service';
import { makeSubscriptionKeys, pushSubscriptionJson } from '../support/push-keys';
import https from 'node:https';
import webpush from 'web-push';
import { SignJWT, importJWK } from 'jose';
import { buildApp } from '../../src/server/app';
import { PUSH_SERVICE_HOSTS_DEFAULT } from '../../src/server/config';
import { hashPingKey, userForPingKey } from '../../src/server/repositories/push-subscriptions';
import type { ArrivalMessage } from '../../src/shared/schemas/zones';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let push: PushServiceStandIn;
let api: ApiClient;
const logLines: string[] = [];
const QUEUE = { concurrency: 2, waiting: 3 };

/** A signed-in reader (or guest) made the way sign-in makes them. */
async function reader(name: string, type: 'user' | 'guest' = 'user') {
  const { rows } = await t.db.query<{ id: number }>(
    type === 'guest'
      ? `INSERT INTO users (uuid, user_type, uniq_id) VALUES (gen_random_uuid(), 'guest', $1) RETURNING id`
      : `INSERT INTO users (uuid, email, email_verified, first_name) VALUES (gen_random_uuid(), $1, true, 'Push') RETURNING id`,
    [type === 'guest' ? `guest-${name}-0123456789` : `${name}@example.com`],
  );
  return { id: rows[0].id, token: await t.app.issueToken(rows[0].id, { headers: {} } as never) };
}

const arrival =
  (zoneId = 7) =>
  (lang: 'en' | 'hi'): ArrivalMessage => ({
    type: 'zone-arrival',
    title: lang === 'hi' ? 'स्मार्ट रीडिंग ज़ोन में आपका स्वागत है' : 'Welcome to the Smart Reading Zone',
    body: lang === 'hi' ? 'यहाँ मुफ़्त पढ़ें' : 'Read free here',
    url: `/smart-reading-zone?lang=${lang}`,
    zoneId,
    endsAt: '2026-11-01T12:00:00.000Z',
    lang,
  });

const subscribe = (token: string, subscription: unknown, deviceId: string, lang: 'en' | 'hi' = 'en') =>
  api.call(endpoints.pushSubscriptions, { body: unchecked({ subscription, deviceId, lang }) }, token);
const rowsOf = async (userId: number) =>
  (
    await t.db.query<{ endpoint: string; device_id: string; lang: string; last_sent_at: Date | null }>(
      `SELECT endpoint, device_id, lang, last_sent_at FROM push_subscriptions WHERE user_id = $1 ORDER BY id`,
      [userId],
    )
  ).rows;
/** n CJK characters that do not repeat in a pattern (so they do not compress). */
const scattered = (n: number) => Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000))).join('');
const count = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM push_subscriptions`)).rows[0].n;

beforeAll(async () => {
  push = await startPushService();
  t = await testApp(undefined, {
    config: { pushServiceHosts: [...PUSH_SERVICE_HOSTS_DEFAULT, '127.0.0.1'], vapidSubject: 'mailto:push-test@lectern.example' },
    pushAgent: push.agent,
    pushQueue: QUEUE,
    logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } },
  });
  api = apiClient(t.app, await xsrfToken(t.app));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await push?.close();
});
beforeEach(() => {
  push.problems.length = 0;
});

describe('GET /api/push/key', () => {
  it('answers the VAPID public key, made once and shared by every process on the database', async () => {
    const res = await api.call(endpoints.pushKey);
    expect(res.status).toBe(200);
    const key = Buffer.from(res.body.publicKey, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    // A second server process on the same database reads the same pair instead of making one.
    const other = await buildApp({ db: t.db, config: t.app.config });
    await other.ready();
    expect(other.push.publicKey).toBe(res.body.publicKey);
    await other.close();
    const { rows } = await t.db.query(`SELECT name FROM app_secrets WHERE name = 'vapid-keys'`);
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/push/subscriptions: what is refused', () => {
  it('refuses plain http, unknown hosts, user info, bad keys, control characters and signed-out calls, storing nothing', async () => {
    const me = await reader('refused');
    const keys = makeSubscriptionKeys();
    const sub = (endpoint: string, k: { p256dh: string; auth: string } = { p256dh: keys.p256dh, auth: keys.auth }) => ({
      endpoint,
      keys: k,
    });
    const good = push.subscribe('refused-good').json;
    const offCurve = Buffer.from(keys.publicKey);
    offCurve[64] ^= 1; // the same x with another y: not a point of P-256
    const cases: [unknown, string, string?][] = [
      [sub('http://fcm.googleapis.com/fcm/send/x'), 'https'],
      [sub('https://evil.example/push/x'), 'This push service is not supported.'],
      [sub('https://fcm.googleapis.com.evil.example/x'), 'This push service is not supported.'],
      [sub('https://evilnotify.windows.com/x'), 'This push service is not supported.'],
      [sub('https://localhost:9/push/x'), 'This push service is not supported.'],
      [sub('https://169.254.169.254/latest/meta-data'), 'This push service is not supported.'],
      [sub(`https://user:pw@${new URL(push.origin).host}/push/x`), 'This push service is not supported.'],
      [sub('not a url'), 'subscription.endpoint'],
      // Within the 2,000 characters sent, but far longer percent-encoded: past what a PostgreSQL
      // index entry may hold when it does not compress (once a 500).
      [sub(`https://fcm.googleapis.com/fcm/send/${scattered(1900)}`), 'too long'],
      [sub(good.endpoint, { p256dh: offCurve.toString('base64url'), auth: keys.auth }), 'keys'],
      [sub(good.endpoint, { p256dh: keys.p256dh, auth: keys.auth + 'AAAA' }), 'keys'],
      [sub(good.endpoint, { p256dh: '!'.repeat(87), auth: keys.auth }), 'keys'],
      [sub(good.endpoint, { p256dh: keys.p256dh, auth: 'a\u0000'.repeat(11) }), 'control characters'],
      [sub(`${good.endpoint}\u0000`), 'subscription.endpoint'],
      [good, 'deviceId', 'dev\u0000ice'],
    ];
    for (const [subscription, message, deviceId = 'device-1'] of cases) {
      const res = await subscribe(me.token, subscription, deviceId);
      expect(res.status, JSON.stringify(subscription)).toBe(400);
      expect(res.error.message).toContain(message);
    }
    expect((await subscribe(me.token, good, 'device-1', 'fr' as never)).status).toBe(400);
    expect((await api.call(endpoints.pushSubscriptions, { body: { subscription: good, deviceId: 'device-1' } })).status).toBe(401);
    expect(await count()).toBe(0);
  });

  it('accepts the real push services’ endpoints (stored, not sent to here)', async () => {
    const me = await reader('real-services');
    const k = makeSubscriptionKeys();
    for (const [i, endpoint] of [
      'https://fcm.googleapis.com/fcm/send/dXJ0:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
    ].entries()) {
      expect((await subscribe(me.token, pushSubscriptionJson(endpoint, k), `dev-${i}`)).status).toBe(200);
    }
    expect(await rowsOf(me.id)).toHaveLength(4);
    await t.db.query(`DELETE FROM push_subscriptions WHERE user_id = $1`, [me.id]);
  });
});

describe('arrival pushes through the stand-in', () => {
  it('delivers one message per subscription, each decrypted to the ArrivalMessage in its own language, with a valid VAPID JWT', async () => {
    const me = await reader('two-devices');
    const phone = push.subscribe('phone-en');
    const tablet = push.subscribe('tablet-hi');
    const a = await subscribe(me.token, phone.json, 'phone', 'en');
    const b = await subscribe(me.token, tablet.json, 'tablet', 'hi');
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body).toEqual({ status: 1, pingKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    // Only the ping key's hash is kept; the key names the reader and the language.
    const stored = await t.db.query<{ ping_key_hash: string }>(`SELECT ping_key_hash FROM push_subscriptions WHERE device_id = 'phone'`);
    expect(stored.rows[0].ping_key_hash).toBe(hashPingKey(a.body.pingKey));
    expect(stored.rows[0].ping_key_hash).not.toContain(a.body.pingKey);
    expect(await userForPingKey(t.db, b.body.pingKey)).toEqual({ userId: me.id, lang: 'hi' });

    const before = push.received.length;
    expect(t.app.push.sendToUser(me.id, arrival(7))).toBe(true);
    await t.app.push.idle();
    expect(push.problems).toEqual([]);
    const got = push.received.slice(before);
    expect(got.map((p) => p.name).sort()).toEqual(['phone-en', 'tablet-hi']);
    expect(got.find((p) => p.name === 'phone-en')!.message).toEqual(arrival(7)('en'));
    expect(got.find((p) => p.name === 'tablet-hi')!.message).toEqual(arrival(7)('hi'));
    const { publicKey } = (await api.call(endpoints.pushKey)).body;
    for (const p of got) {
      expect(p.vapidKey).toBe(publicKey);
      expect(p.claims.aud).toBe(push.origin);
      expect(p.claims.sub).toBe('mailto:push-test@lectern.example');
      expect(p.claims.exp).toBeGreaterThan(Date.now() / 1000);
      expect(p.ttl).toBe(4 * 60 * 60);
      expect(p.urgency).toBe('high');
      expect(p.topic).toBe('zone-7');
    }
    expect((await rowsOf(me.id)).every((r) => r.last_sent_at instanceof Date)).toBe(true);
  });

  it('a guest subscribes and receives too', async () => {
    const guest = await reader('guest-push', 'guest');
    const s = push.subscribe('guest-phone');
    expect((await subscribe(guest.token, s.json, 'guest-phone', 'hi')).status).toBe(200);
    t.app.push.sendToUser(guest.id, arrival(3));
    await t.app.push.idle();
    expect(push.received.at(-1)).toMatchObject({ name: 'guest-phone', message: arrival(3)('hi') });
  });

  it('a 410 or 404 from the push service removes that subscription; another failure keeps it and is logged, and the rest still arrive', async () => {
    const me = await reader('gone');
    const gone = push.subscribe('gone-410');
    const missing = push.subscribe('gone-404');
    const failing = push.subscribe('failing-500');
    const fine = push.subscribe('still-fine');
    for (const [i, s] of [gone, missing, failing, fine].entries()) expect((await subscribe(me.token, s.json, `d${i}`)).status).toBe(200);
    push.answer('gone-410', 410);
    push.answer('gone-404', 404);
    push.answer('failing-500', 500);
    const logged = logLines.length;
    t.app.push.sendToUser(me.id, arrival(9));
    await t.app.push.idle();
    expect(push.problems).toEqual([]);
    expect((await rowsOf(me.id)).map((r) => r.endpoint)).toEqual([failing.endpoint, fine.endpoint]);
    expect(push.received.at(-1)).toMatchObject({ name: 'still-fine', message: arrival(9)('en') });
    const lines = logLines.slice(logged).map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'push not delivered', status: 500, host: new URL(push.origin).host });
    // The endpoint is a credential of the subscription: it is not in the log.
    expect(logLines.slice(logged).join('\n')).not.toContain('/push/failing-500');
  });

  it('sends nothing to an endpoint that is not on a known push service any more (checked again when sending)', async () => {
    const me = await reader('not-allowed');
    const s = push.subscribe('by-name');
    const k = makeSubscriptionKeys();
    // Stored while the list allowed it; "localhost" is the same stand-in but not on the list.
    await t.db.query(
      `INSERT INTO push_subscriptions (user_id, device_id, endpoint, p256dh, auth, ping_key_hash) VALUES ($1, 'd', $2, $3, $4, 'h-not-allowed')`,
      [me.id, s.endpoint.replace('127.0.0.1', 'localhost'), k.p256dh, k.auth],
    );
    const arrivedBefore = push.events.length;
    t.app.push.sendToUser(me.id, arrival(1));
    await t.app.push.idle();
    expect(push.events.length).toBe(arrivedBefore);
    expect(logLines.at(-1)).toContain('not on a known push service');
  });

  it('sendToUser returns at once: the caller is done before the push service has even answered', async () => {
    const me = await reader('slow-service');
    expect((await subscribe(me.token, push.subscribe('slow').json, 'slow')).status).toBe(200);
    const release = push.hold();
    const order: string[] = [];
    const events = push.events.length;
    order.push(t.app.push.sendToUser(me.id, arrival(2)) ? 'queued' : 'dropped');
    order.push('caller done');
    await push.arrived(push.events.filter((e) => e.what === 'received').length + 1);
    order.push('push service received');
    // A request of the same reader goes through while the push is still held.
    expect((await api.call(endpoints.pushKey)).status).toBe(200);
    order.push('next request answered');
    expect(push.events.slice(events).map((e) => e.what)).toEqual(['received']);
    release();
    await t.app.push.idle();
    order.push(...push.events.slice(events + 1).map((e) => `push service ${e.what}`));
    expect(order).toEqual(['queued', 'caller done', 'push service received', 'next request answered', 'push service answered']);
    expect(push.received.at(-1)).toMatchObject({ name: 'slow' });
  });

  it('the queue is bounded: past the senders and the waiting room, a push is dropped (and said once), not kept', async () => {
    const me = await reader('flood');
    expect((await subscribe(me.token, push.subscribe('flood').json, 'flood')).status).toBe(200);
    const release = push.hold();
    const before = push.received.length;
    const logged = logLines.length;
    const queued = Array.from({ length: 8 }, () => t.app.push.sendToUser(me.id, arrival(4)));
    // Two sending at once and three waiting: the first five are taken.
    expect(queued).toEqual([true, true, true, true, true, false, false, false]);
    expect(logLines.slice(logged).filter((l) => l.includes('push queue full'))).toHaveLength(1);
    release();
    await t.app.push.idle();
    expect(push.received.length - before).toBe(5);
    // Once there is room again, pushes are taken again.
    expect(t.app.push.sendToUser(me.id, arrival(4))).toBe(true);
    await t.app.push.idle();
    expect(push.received.length - before).toBe(6);
  });

  it('a message the caller built wrong is logged, not sent, and does not stop the queue', async () => {
    const me = await reader('bad-message');
    expect((await subscribe(me.token, push.subscribe('bad-message').json, 'bad')).status).toBe(200);
    const arrivedBefore = push.events.length;
    t.app.push.sendToUser(me.id, () => ({ type: 'nonsense' }) as never);
    await t.app.push.idle();
    expect(push.events.length).toBe(arrivedBefore);
    expect(logLines.at(-1)).toContain('push failed');
    t.app.push.sendToUser(me.id, arrival(5));
    await t.app.push.idle();
    expect(push.received.at(-1)).toMatchObject({ name: 'bad-message', message: arrival(5)('en') });
  });
});

describe('the stand-in checks what a real push service checks', () => {
  const vapid = webpush.generateVAPIDKeys();
  const SUBJECT = 'mailto:someone@example.org';

  /** Posts what web-push makes for a new subscription on the stand-in, with its headers changed by
   * `tweak`; `keysOf` encrypts to other keys than the subscription's. */
  async function post(
    name: string,
    tweak: (headers: Record<string, unknown>) => void = () => {},
    encryptTo?: ReturnType<typeof makeSubscriptionKeys>,
  ) {
    const s = push.subscribe(name);
    const details = webpush.generateRequestDetails(pushSubscriptionJson(s.endpoint, encryptTo ?? s.keys), JSON.stringify({ hello: name }), {
      vapidDetails: { subject: SUBJECT, ...vapid },
      TTL: 60,
    });
    tweak(details.headers as Record<string, unknown>);
    return new Promise<number>((resolve, reject) => {
      const req = https.request(s.endpoint, { method: 'POST', headers: details.headers as never, agent: push.agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
      req.end(details.body);
    });
  }
  /** A VAPID header with a JWT of our own making, signed with the VAPID private key. */
  async function vapidWith(claims: Record<string, unknown>) {
    const pub = Buffer.from(vapid.publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        d: vapid.privateKey,
        x: pub.subarray(1, 33).toString('base64url'),
        y: pub.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const jwt = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).sign(key);
    return `vapid t=${jwt}, k=${vapid.publicKey}`;
  }

  it('accepts what web-push sends, and refuses what a push service or browser would refuse', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await post('plain')).toBe(201);
    expect(push.received.at(-1)).toMatchObject({ name: 'plain', message: { hello: 'plain' }, ttl: 60, urgency: 'normal' });
    // Our own JWT with the right claims passes, so the refusals below are about the claims.
    const ok = await vapidWith({ aud: push.origin, exp: now + 3600, sub: SUBJECT });
    expect(await post('own-jwt', (h) => (h.Authorization = ok))).toBe(201);
    const other = webpush.generateVAPIDKeys();
    const cases: [string, (h: Record<string, unknown>) => void, number, RegExp][] = [
      ['aud', () => {}, 403, /VAPID JWT refused: .*aud/],
      ['expired', () => {}, 403, /VAPID JWT refused: .*exp/],
      ['too-long', () => {}, 403, /more than 24 h ahead/],
      ['no-sub', () => {}, 403, /VAPID JWT refused: .*sub/],
      [
        'foreign-k',
        (h) => void (h.Authorization = String(h.Authorization).replace(/k=.*/, `k=${other.publicKey}`)),
        403,
        /signature verification failed/,
      ],
      ['no-vapid', (h) => void delete h.Authorization, 401, /no vapid Authorization/],
      ['encoding', (h) => void (h['Content-Encoding'] = 'aesgcm'), 400, /content-encoding aesgcm/],
      ['ttl', (h) => void delete h.TTL, 400, /missing or bad TTL/],
      ['urgency', (h) => void (h.Urgency = 'now'), 400, /urgency now/],
    ];
    const headers: Record<string, string> = {
      aud: await vapidWith({ aud: 'https://push.example', exp: now + 3600, sub: SUBJECT }),
      expired: await vapidWith({ aud: push.origin, exp: now - 60, sub: SUBJECT }),
      'too-long': await vapidWith({ aud: push.origin, exp: now + 25 * 3600, sub: SUBJECT }),
      'no-sub': await vapidWith({ aud: push.origin, exp: now + 3600 }),
    };
    for (const [name, tweak, status, problem] of cases) {
      push.problems.length = 0;
      const got = await post(name, (h) => {
        if (headers[name]) h.Authorization = headers[name];
        tweak(h);
      });
      expect([name, got]).toEqual([name, status]);
      expect(push.problems).toEqual([expect.stringMatching(problem)]);
    }
    // Encrypted to other keys than the subscription's: the receiver cannot open it.
    push.problems.length = 0;
    expect(await post('foreign-keys', undefined, makeSubscriptionKeys())).toBe(400);
    expect(push.problems).toEqual([expect.stringMatching(/^foreign-keys: payload: /)]);
  });
});

describe('storing and removing subscriptions', () => {
  it('one subscription per device: subscribing again on the device replaces it; the same endpoint again is updated, not doubled', async () => {
    const me = await reader('replace');
    const first = push.subscribe('replace-1');
    const second = push.subscribe('replace-2');
    expect((await subscribe(me.token, first.json, 'laptop', 'en')).status).toBe(200);
    expect((await subscribe(me.token, first.json, 'laptop', 'hi')).status).toBe(200);
    expect(await rowsOf(me.id)).toMatchObject([{ endpoint: first.endpoint, lang: 'hi' }]);
    expect((await subscribe(me.token, second.json, 'laptop', 'en')).status).toBe(200);
    expect(await rowsOf(me.id)).toMatchObject([{ endpoint: second.endpoint, device_id: 'laptop', lang: 'en' }]);
  });

  it('an endpoint moves with the browser to the reader who signed in on it', async () => {
    const alice = await reader('alice-move');
    const bob = await reader('bob-move');
    const s = push.subscribe('shared-browser');
    expect((await subscribe(alice.token, s.json, 'shared')).status).toBe(200);
    expect((await subscribe(bob.token, s.json, 'shared')).status).toBe(200);
    expect(await rowsOf(alice.id)).toEqual([]);
    expect(await rowsOf(bob.id)).toMatchObject([{ endpoint: s.endpoint }]);
  });

  it('signing out removes the subscriptions that session turned on (and its ping key), not those of the reader’s other sessions', async () => {
    const me = await reader('signs-out');
    const phone = await t.app.issueToken(me.id, { headers: {} } as never);
    const [laptopSub, phoneSub] = [push.subscribe('laptop-out'), push.subscribe('phone-out')];
    const laptopKey = (await subscribe(me.token, laptopSub.json, 'laptop')).body.pingKey as string;
    expect((await subscribe(phone, phoneSub.json, 'phone')).status).toBe(200);
    expect((await api.call(endpoints.zonesPing, { body: { key: laptopKey } })).status).toBe(200);
    expect((await api.call(endpoints.logout, {}, me.token)).status).toBe(200);
    expect((await rowsOf(me.id)).map((r) => r.endpoint)).toEqual([phoneSub.endpoint]);
    expect((await api.call(endpoints.zonesPing, { body: { key: laptopKey } })).status).toBe(404);
  });

  it('a reader keeps at most 10 subscriptions; the oldest go', async () => {
    const me = await reader('many-devices');
    const subs = Array.from({ length: 12 }, (_, i) => push.subscribe(`many-${i}`));
    for (const [i, s] of subs.entries()) expect((await subscribe(me.token, s.json, `device-${i}`)).status).toBe(200);
    expect((await rowsOf(me.id)).map((r) => r.endpoint)).toEqual(subs.slice(2).map((s) => s.endpoint));
  });

  it('removes by endpoint, by device, or all of the caller’s; never another reader’s', async () => {
    const me = await reader('remover');
    const other = await reader('bystander');
    const [a, b, c, d] = ['rm-a', 'rm-b', 'rm-c', 'rm-d'].map((n) => push.subscribe(n));
    await subscribe(me.token, a.json, 'dev-a');
    await subscribe(me.token, b.json, 'dev-b');
    await subscribe(me.token, c.json, 'dev-c');
    await subscribe(other.token, d.json, 'dev-a');
    const remove = (body: object, token = me.token) => api.call(endpoints.pushSubscriptionsRemove, { body: body }, token);

    // Another reader's endpoint or device names nothing of theirs.
    expect((await remove({ endpoint: d.endpoint })).body).toEqual({ status: 1, message: 'There was no subscription to remove.' });
    expect((await remove({ endpoint: a.endpoint }, other.token)).body.status).toBe(1);
    expect(await rowsOf(me.id)).toHaveLength(3);

    expect((await remove({ endpoint: a.endpoint })).body).toEqual({ status: 1, message: 'Notifications are turned off.' });
    expect((await rowsOf(me.id)).map((r) => r.device_id)).toEqual(['dev-b', 'dev-c']);
    expect((await remove({ deviceId: 'dev-b' })).status).toBe(200);
    expect((await rowsOf(me.id)).map((r) => r.device_id)).toEqual(['dev-c']);
    expect((await remove({})).status).toBe(200);
    expect(await rowsOf(me.id)).toEqual([]);
    expect(await rowsOf(other.id)).toHaveLength(1);

    expect((await api.call(endpoints.pushSubscriptionsRemove)).status).toBe(401);
    expect((await remove({ endpoint: 'x\u0000' }, other.token)).status).toBe(400);
    expect(await rowsOf(other.id)).toHaveLength(1);
  });

  it('an account removed by the deletion job takes its subscriptions with it', async () => {
    const me = await reader('deleted');
    expect((await subscribe(me.token, push.subscribe('deleted').json, 'dev')).status).toBe(200);
    await t.db.query(`DELETE FROM users WHERE id = $1`, [me.id]);
    expect(await rowsOf(me.id)).toEqual([]);
  });
});
