// Arrival told by the venue's network with the app closed: FreeRADIUS's real radclient sends
// RADIUS Accounting-Requests to the server's listener (RADIUS_ACCT_PORT=0: a free port), a member's
// e-mail or linked Wi-Fi identity opens a pass and the arrival push reaches the push-service
// stand-in; every bad packet (wrong secret, unknown NAS, replay, stale, malformed bytes, a flood
// from one source) is dropped unanswered and counted while the listener keeps answering. The
// signed webhook of a Wi-Fi controller, the linked identities in My Account (limits and claims
// under real concurrency on PostgreSQL), and the console's RADIUS clients and webhook secret.
// On PostgreSQL too: arrivals and identity links at once.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import radius from 'radius';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { startPushService, type PushServiceStandIn } from '../support/push-service';
import { accountingRequest, radclient, sendRaw } from '../support/radclient';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { LIB, OTHER, ADMIN, grantTestConsoleRoles } from '../support/console-roles';
import { PUSH_SERVICE_HOSTS_DEFAULT } from '../../src/server/config';
import { ZoneInput } from '../../src/shared/schemas/zones';
import { createZone } from '../../src/server/repositories/zones';
import { addRadiusClient, replaceWebhookSecret } from '../../src/server/repositories/network-arrivals';
import * as endpoints from '../../src/shared/endpoints';
import { pathOf } from '../../src/shared/endpoints/endpoint';

let t: TestContext;
let push: PushServiceStandIn;
let xsrf: string;
const outbox = memoryOutbox();
const RATE = 50;

beforeAll(async () => {
  push = await startPushService();
  t = await testApp(loadCatalogue, {
    mailer: outbox.mailer,
    config: {
      pushServiceHosts: [...PUSH_SERVICE_HOSTS_DEFAULT, '127.0.0.1'],
      radiusAcctPort: 0,
      radiusAcctHost: '127.0.0.1',
      radiusAcctRate: RATE,
    },
    pushAgent: push.agent,
  });
  xsrf = await xsrfToken(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const db = () => (process.env.LECTERN_TEST_DB ?? 'pglite').replace(/\W/g, '');
const api = () => apiClient(t.app, xsrf);
const port = () => t.app.radius!.port;
const stats = () => structuredClone(t.app.radius!.stats);
let n = 0;
/** A signed-in member with a push subscription on the stand-in (named after them). */
async function member() {
  const email = `arrival.${db()}.${++n}@example.com`;
  const who = await signInByCode(t.db, api(), outbox, email);
  const sub = push.subscribe(`member-${db()}-${n}`);
  expect(
    (await api().call(endpoints.pushSubscriptions, { body: { subscription: sub.json, deviceId: `phone-${n}`, lang: 'en' } }, who.token))
      .status,
  ).toBe(200);
  return { ...who, email, pushName: `member-${db()}-${n}` };
}
let net = 0;
/** A zone (findable by a documentation network of its own; the venue's network is what these tests use). */
const addZone = (name: string, institutionId: number | null = null) =>
  createZone(t.db, ZoneInput.parse({ name, institutionId, networks: [`198.51.100.${++net}/32`] }));
const addClient = (zoneId: number, matchBy: 'nas_identifier' | 'called_station' | 'nas_ip', matchValue: string, secret: string) =>
  t.db.transaction((tx) => addRadiusClient(tx, { id: zoneId, institutionId: null }, { matchBy, matchValue, secret }, null));
const pass = async (userId: number, zoneId: number) =>
  (
    await t.db.query<{ ends_at: Date; started_at: Date; proved_at: Date | null }>(
      'SELECT started_at, ends_at, proved_at FROM zone_passes WHERE user_id = $1 AND zone_id = $2',
      [userId, zoneId],
    )
  ).rows[0];
const rowsIn = async (table: string, zoneId: number) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE zone_id = $1`, [zoneId])).rows[0].n;
/** Waits for the push queue to send, then the pushes that reached the stand-in for this member. */
const pushesTo = async (who: { pushName: string }) => {
  await t.app.push.idle();
  return push.received.filter((p) => p.name === who.pushName);
};

const SECRET = 'library-ap-secret-0123456789';
let library: number;
let campus: number;
let byIp: number;
beforeAll(async () => {
  library = await addZone('Arrival Library');
  campus = await addZone('Arrival Campus');
  byIp = await addZone('Arrival Controller');
  await addClient(library, 'nas_identifier', `Library-AP-${db()}`, SECRET);
  await addClient(campus, 'called_station', `campus-wifi-${db()}`, SECRET);
  await addClient(byIp, 'nas_ip', '127.0.0.1', 'controller-secret-0123456789');
  await t.app.radius!.reload();
});
const start = (userName: string, extra: Record<string, string | number> = {}) => ({
  'User-Name': userName,
  'Acct-Status-Type': 'Start',
  'NAS-Identifier': `Library-AP-${db()}`,
  'Acct-Session-Id': crypto.randomUUID(),
  ...extra,
});

describe('RADIUS accounting through radclient', () => {
  it("a member's e-mail (any case) in an Accounting-Start opens a proven pass and the arrival push reaches their phone", async () => {
    const m = await member();
    const before = stats();
    const res = await radclient(port(), SECRET, start(m.email.toUpperCase()));
    expect(res.code, res.out).toBe(0);
    expect(res.out).toMatch(/Received Accounting-Response/);
    const p = await pass(m.id, library);
    expect(p.proved_at).toBeInstanceOf(Date);
    expect(p.ends_at.getTime() - Date.now()).toBeGreaterThan(110 * 60_000);
    const got = await pushesTo(m);
    expect(got).toHaveLength(1);
    expect(got[0].message).toMatchObject({ type: 'zone-arrival', zoneId: library, title: "You're in a Smart Reading Zone" });
    expect(got[0].message.body).toMatch(/^Arrival Library: reading is free here until/);
    const s = stats();
    expect(s.answered - before.answered).toBe(1);
    expect(s.arrivals - before.arrivals).toBe(1);
    // A sighting by network: no position.
    const { rows } = await t.db.query('SELECT via, lat FROM zone_sightings WHERE user_id = $1', [m.id]);
    expect(rows).toEqual([{ via: 'network', lat: null }]);
  });

  it('a linked Wi-Fi identity matched by the SSID in Called-Station-Id arrives too; an Interim-Update extends without a second push; a Stop ends nothing', async () => {
    const m = await member();
    const eduroam = `S${n}2345@Campus.AC.IN`;
    expect((await api().call(endpoints.userNetworkIdentitiesAdd, { body: { identity: `  ${eduroam} ` } }, m.token)).status).toBe(200);
    const called = { 'NAS-Identifier': 'not-a-client', 'Called-Station-Id': `AA-BB-CC-DD-EE-FF:campus-wifi-${db()}` };
    expect((await radclient(port(), SECRET, start(eduroam, called))).code).toBe(0);
    const first = await pass(m.id, campus);
    expect(first).toBeDefined();
    expect(await pushesTo(m)).toHaveLength(1);

    await new Promise((r) => setTimeout(r, 20));
    expect((await radclient(port(), SECRET, start(eduroam, { ...called, 'Acct-Status-Type': 'Interim-Update' }))).code).toBe(0);
    const extended = await pass(m.id, campus);
    expect(extended.started_at).toEqual(first.started_at);
    expect(extended.ends_at.getTime()).toBeGreaterThan(first.ends_at.getTime());
    expect(await pushesTo(m)).toHaveLength(1);

    const stop = await radclient(port(), SECRET, start(eduroam, { ...called, 'Acct-Status-Type': 'Stop' }));
    expect(stop.code, 'a Stop is answered too').toBe(0);
    expect((await pass(m.id, campus)).ends_at).toEqual(extended.ends_at);
  });

  it('a user we do not know is answered ("recorded") and nothing is stored', async () => {
    const before = stats();
    const sightings = await rowsIn('zone_sightings', library);
    const passes = await rowsIn('zone_passes', library);
    expect((await radclient(port(), SECRET, start('stranger@elsewhere.example'))).code).toBe(0);
    expect(stats().answered - before.answered).toBe(1);
    expect(stats().arrivals).toBe(before.arrivals);
    expect(await rowsIn('zone_sightings', library)).toBe(sightings);
    expect(await rowsIn('zone_passes', library)).toBe(passes);
  });

  it('a wrong secret, an unknown NAS and a NAS-IP-Address from another source are dropped unanswered and counted; the listener still answers', async () => {
    const m = await member();
    const before = stats();
    expect((await radclient(port(), 'wrong-secret-0123456789', start(m.email), { timeoutS: 0.3, retries: 1 })).code).toBe(1);
    expect(stats().dropped.bad_authenticator - before.dropped.bad_authenticator).toBeGreaterThanOrEqual(1);
    expect(
      (await radclient(port(), SECRET, start(m.email, { 'NAS-Identifier': 'someone-elses-ap' }), { timeoutS: 0.3, retries: 1 })).code,
    ).toBe(1);
    expect(stats().dropped.unknown_nas - before.dropped.unknown_nas).toBeGreaterThanOrEqual(1);
    expect(await pass(m.id, library)).toBeUndefined();

    // NAS-IP-Address 127.0.0.1 sent from 127.0.0.1 matches the controller; the same claim sent from 127.0.0.2 does not.
    const claim = (id: number) =>
      accountingRequest('controller-secret-0123456789', id, [
        ['User-Name', m.email],
        ['Acct-Status-Type', 'Start'],
        ['NAS-IP-Address', '127.0.0.1'],
      ]);
    expect(await sendRaw(port(), claim(7), { from: '127.0.0.2' })).toBeNull();
    expect(stats().dropped.unknown_nas - before.dropped.unknown_nas).toBeGreaterThanOrEqual(2);
    expect(await pass(m.id, byIp)).toBeUndefined();
    const answer = await sendRaw(port(), claim(8), { from: '127.0.0.1' });
    expect(answer).not.toBeNull();
    expect(radius.verify_response({ request: claim(8), response: answer!, secret: 'controller-secret-0123456789' })).toBe(true);
    expect(await pass(m.id, byIp)).toBeDefined();
    // And radclient still gets its answer.
    expect((await radclient(port(), SECRET, start(m.email))).code).toBe(0);
    expect(await pass(m.id, library)).toBeDefined();
  });

  it('the same packet again (same Identifier and authenticator from the same source) is a replay: dropped, not answered', async () => {
    const m = await member();
    const packet = accountingRequest(SECRET, 42, [
      ['User-Name', m.email],
      ['Acct-Status-Type', 'Start'],
      ['NAS-Identifier', `Library-AP-${db()}`],
      ['Acct-Session-Id', crypto.randomUUID()],
    ]);
    const before = stats();
    const answer = await sendRaw(port(), packet);
    expect(answer).not.toBeNull();
    expect(radius.decode({ packet: answer!, secret: SECRET }).code).toBe('Accounting-Response');
    const first = await pass(m.id, library);
    // Ten copies at once: none answered, none counted twice.
    const again = await Promise.all(Array.from({ length: 10 }, () => sendRaw(port(), packet, { waitMs: 400 })));
    expect(again.every((a) => a === null)).toBe(true);
    expect(stats().dropped.replay - before.dropped.replay).toBe(10);
    expect((await pass(m.id, library)).ends_at).toEqual(first.ends_at);
    expect(await pushesTo(m)).toHaveLength(1);
  });

  it('an Event-Timestamp older than 5 minutes is stale: dropped; a current one is fine', async () => {
    const m = await member();
    const before = stats();
    const old = await radclient(port(), SECRET, start(m.email, { 'Event-Timestamp': Math.floor(Date.now() / 1000) - 600 }), {
      timeoutS: 0.3,
    });
    expect(old.code).toBe(1);
    expect(stats().dropped.stale - before.dropped.stale).toBeGreaterThanOrEqual(1);
    expect(await pass(m.id, library)).toBeUndefined();
    expect((await radclient(port(), SECRET, start(m.email, { 'Event-Timestamp': Math.floor(Date.now() / 1000) }))).code).toBe(0);
    expect(await pass(m.id, library)).toBeDefined();
  });

  it('malformed bytes are dropped and counted, never crash the listener', async () => {
    const before = stats();
    const good = accountingRequest(SECRET, 9, [
      ['User-Name', 'x@example.com'],
      ['Acct-Status-Type', 'Start'],
      ['NAS-Identifier', `Library-AP-${db()}`],
    ]);
    const badLength = Buffer.from(good);
    badLength.writeUInt16BE(good.length + 50, 2); // claims more than was sent
    const badAttr = Buffer.from(good);
    badAttr[21] = 1; // the first attribute's length under 2
    const overrun = Buffer.from(good);
    overrun[21] = 250; // the first attribute runs past the packet
    const accessRequest = Buffer.from(good);
    accessRequest[0] = 1; // not accounting
    const packets = [
      Buffer.alloc(0),
      Buffer.from([4]),
      Buffer.alloc(19, 4),
      badLength,
      badAttr,
      overrun,
      accessRequest,
      crypto.randomBytes(4096),
    ];
    for (const p of packets) expect(await sendRaw(port(), p, { waitMs: 150 })).toBeNull();
    expect(stats().dropped.malformed - before.dropped.malformed).toBe(packets.length);
    // A datagram too big for RADIUS is no packet either; the listener goes on.
    expect(await sendRaw(port(), crypto.randomBytes(9000), { waitMs: 150 })).toBeNull();
    expect((await radclient(port(), SECRET, start('x@example.com'))).code).toBe(0);
  });

  it('a flood from one source is cut at its rate (bad packets cost no database work); another source is still answered at once', async () => {
    const before = stats();
    const junk = accountingRequest('wrong-secret-0123456789', 1, [['NAS-Identifier', `Library-AP-${db()}`]]);
    const { default: dgram } = await import('node:dgram');
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((r) => socket.bind(0, '127.0.0.3', r));
    // In bursts of 25 that the socket's buffer holds, so a loaded machine loses few of them.
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    for (let i = 0; i < RATE * 10; i += 25) {
      for (let j = 0; j < 25; j++) socket.send(junk, port(), '127.0.0.1');
      await sleep(5);
    }
    // Until the listener has read what arrived: its count stands still.
    for (let last = -1, waited = 0; stats().received !== last && waited < 5000; waited += 200) {
      last = stats().received;
      await sleep(200);
    }
    socket.close();
    const s = stats();
    // Some datagrams may still be lost in the kernel's buffers; of those that arrived, at most the
    // burst (twice the rate) and what the rate refilled got as far as checking the authenticator.
    const received = s.received - before.received;
    const checked = s.dropped.bad_authenticator - before.dropped.bad_authenticator;
    expect(received).toBeGreaterThan(RATE * 3);
    expect(checked).toBeLessThanOrEqual(RATE * 3);
    expect(s.dropped.rate_limited - before.dropped.rate_limited).toBe(received - checked);
    const m = await member();
    expect((await radclient(port(), SECRET, start(m.email))).code).toBe(0);
    expect(await pass(m.id, library)).toBeDefined();
  });
});

describe('POST /api/zones/:id/arrivals (signed webhook)', () => {
  let zone: number;
  let secret: string;
  beforeAll(async () => {
    zone = await addZone('Arrival Portal');
    secret = await t.db.transaction((tx) => replaceWebhookSecret(tx, { id: zone, institutionId: null }, null));
  });
  /** Posts as a controller would: no cookie, no XSRF token, the raw body signed. */
  const send = async (body: unknown, opts: { key?: string; at?: number; signature?: string; id?: number } = {}) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const at = String(opts.at ?? Math.floor(Date.now() / 1000));
    const signature =
      opts.signature ??
      `sha256=${crypto
        .createHmac('sha256', opts.key ?? secret)
        .update(`${at}.${raw}`)
        .digest('hex')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/zones/${opts.id ?? zone}/arrivals`,
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-lectern-timestamp': at, 'x-lectern-signature': signature },
    });
    return { status: res.statusCode, body: res.json(), raw, at, signature };
  };

  it('a good signature opens the pass and sends the push, with no cookie at all; the same request again is a 409', async () => {
    const m = await member();
    const res = await send({ user: m.email, event: 'start' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, recorded: true });
    expect(await pass(m.id, zone)).toBeDefined();
    expect((await pushesTo(m)).map((p) => p.message.zoneId)).toEqual([zone]);
    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/zones/${zone}/arrivals`,
      payload: res.raw,
      headers: { 'content-type': 'application/json', 'x-lectern-timestamp': res.at, 'x-lectern-signature': res.signature },
    });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.code).toBe('replayed');
  });

  it("a zone its owner proves by place alone takes no network's word: the arrival is recorded and opens nothing", async () => {
    const placeOnly = await createZone(
      t.db,
      ZoneInput.parse({ name: 'Arrival Reading Room', place: { lat: 28.61, lng: 77.2, radiusM: 100 }, proof: 'place' }),
    );
    const key = await t.db.transaction((tx) => replaceWebhookSecret(tx, { id: placeOnly, institutionId: null }, null));
    const m = await member();
    const res = await send({ user: m.email, event: 'start' }, { id: placeOnly, key });
    expect(res.status).toBe(200);
    expect(await pass(m.id, placeOnly)).toBeUndefined();
    expect(await rowsIn('zone_sightings', placeOnly)).toBe(0);
    expect(await pushesTo(m)).toEqual([]);
  });

  it('a bad signature, a stale timestamp, a zone without a webhook: clear 4xx, nothing stored', async () => {
    const m = await member();
    const wrongKey = await send({ user: m.email, event: 'start' }, { key: 'not-the-secret' });
    expect([wrongKey.status, wrongKey.body.error.code]).toEqual([401, 'bad_signature']);
    expect(wrongKey.body.error.message).toMatch(/does not match/);
    const garbled = await send({ user: m.email, event: 'start' }, { signature: 'md5=abc' });
    expect([garbled.status, garbled.body.error.code]).toEqual([401, 'bad_signature']);
    const stale = await send({ user: m.email, event: 'start' }, { at: Math.floor(Date.now() / 1000) - 301 });
    expect([stale.status, stale.body.error.code]).toEqual([401, 'stale_timestamp']);
    const future = await send({ user: m.email, event: 'start' }, { at: 9_999_999_999 });
    expect(future.status).toBe(401);
    const none = await send({ user: m.email, event: 'start' }, { id: library });
    expect([none.status, none.body.error.code]).toEqual([404, 'no_webhook']);
    const noZone = await send({ user: m.email, event: 'start' }, { id: 2_000_000_000 });
    expect(noZone.status).toBe(404);
    const badBody = await send({ user: m.email, event: 'arrive' });
    expect([badBody.status, badBody.body.error.code]).toEqual([400, 'bad_arrival']);
    const notJson = await send('{"user":');
    expect([notJson.status, notJson.body.error.code]).toEqual([400, 'bad_json']);
    expect(await pass(m.id, zone)).toBeUndefined();
  });

  it('an unknown user and a stop are answered "recorded" alike and store nothing', async () => {
    const passes = await rowsIn('zone_passes', zone);
    const sightings = await rowsIn('zone_sightings', zone);
    for (const body of [
      { user: 'nobody@nowhere.example', event: 'start' },
      { user: 'nobody@nowhere.example', event: 'stop' },
    ]) {
      const res = await send(body);
      expect([res.status, res.body]).toEqual([200, { status: 1, recorded: true }]);
    }
    expect(await rowsIn('zone_passes', zone)).toBe(passes);
    expect(await rowsIn('zone_sightings', zone)).toBe(sightings);
  });
});

describe('linked Wi-Fi identities (My Account)', () => {
  const link = (token: string, identity: string) => api().call(endpoints.userNetworkIdentitiesAdd, { body: { identity } }, token);

  it('are stored normalised, listed, limited to 5, one account each, and unlinked', async () => {
    const a = await member();
    const b = await member();
    const res = await link(a.token, `  Mixed.Case${n}@Campus.AC.IN `);
    expect(res.status).toBe(200);
    expect(res.body.identities.map((i) => i.identity)).toEqual([`mixed.case${n}@campus.ac.in`]);
    expect(res.body.max).toBe(5);
    const taken = await link(b.token, `mixed.case${n}@campus.ac.in`);
    expect([taken.status, taken.error.code]).toEqual([409, 'identity_taken']);
    expect(taken.error.message).toMatch(/linked to another account/);
    for (let i = 1; i < 5; i++) expect((await link(a.token, `extra${i}-${n}-${db()}@campus.ac.in`)).status).toBe(200);
    const sixth = await link(a.token, `sixth-${n}-${db()}@campus.ac.in`);
    expect([sixth.status, sixth.error.code]).toEqual([409, 'identity_limit']);
    expect((await link(a.token, 'a b')).status).toBe(400);
    const gone = await api().call(endpoints.userNetworkIdentitiesRemove, { body: { identity: `MIXED.case${n}@campus.ac.in` } }, a.token);
    expect(gone.status).toBe(200);
    expect(gone.body.identities).toHaveLength(4);
    expect((await link(b.token, `mixed.case${n}@campus.ac.in`)).status).toBe(200);
    expect((await api().call(endpoints.userNetworkIdentitiesRemove, { body: { identity: 'never@linked.example' } }, a.token)).status).toBe(
      404,
    );
  });

  it('20 links at once stop at 5; two accounts claiming one identity at once: one wins, the other is a 409', async () => {
    const a = await member();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => link(a.token, `burst${i}-${n}-${db()}@campus.ac.in`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409).every((r) => r.error.code === 'identity_limit')).toBe(true);
    expect((await api().call(endpoints.userNetworkIdentities, {}, a.token)).body.identities).toHaveLength(5);

    const [x, y] = [await member(), await member()];
    const contested = `contested-${n}-${db()}@campus.ac.in`;
    const both = await Promise.all([link(x.token, contested), link(y.token, contested)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const { rows } = await t.db.query('SELECT user_id FROM network_identities WHERE identity = $1', [contested]);
    expect(rows).toHaveLength(1);
  });

  it('a guest cannot link one; deleting the account deletes them', async () => {
    const g = await api().call(endpoints.guestLogin, { body: { uniqId: `arrival-guest-${db()}-${++n}-0123456789`, os: 'web' } });
    const res = await link(g.body.jwtoken, `guest-${n}@campus.ac.in`);
    expect([res.status, res.error.code]).toEqual([403, 'members_only']);
    const m = await member();
    expect((await link(m.token, `deleted-${n}-${db()}@campus.ac.in`)).status).toBe(200);
    await t.db.query('DELETE FROM users WHERE id = $1', [m.id]);
    expect((await t.db.query('SELECT 1 FROM network_identities WHERE identity = $1', [`deleted-${n}-${db()}@campus.ac.in`])).rows).toEqual(
      [],
    );
  });
});

describe("the console's RADIUS clients and webhook secret", () => {
  const tokens: Record<string, string> = {};
  let zone: number;
  beforeAll(async () => {
    for (const email of [LIB, OTHER, ADMIN]) tokens[email] = (await signInByCode(t.db, api(), outbox, email)).token;
    await grantTestConsoleRoles(t.db);
    zone = await addZone('Active U Library', FX.inst.active);
  });
  const params = () => ({ institutionId: FX.inst.active, zoneId: zone });
  const addClient = (body: unknown, token: string) =>
    api().call(endpoints.consoleZonesRadius, { params: params(), body: unchecked(body) }, token);

  it("a librarian adds a client (a secret made and shown once, or given), which the listener uses at once; another institution's librarian cannot", async () => {
    const made = await addClient({ matchBy: 'nas_identifier', matchValue: `Active-AP-${db()}` }, tokens[LIB]);
    expect(made.status).toBe(200);
    expect(made.body.secret).toMatch(/^[0-9a-f]{32}$/);
    const listed = await api().call(endpoints.consoleZonesNetwork, { params: params() }, tokens[LIB]);
    expect(listed.body).toEqual({
      clients: [{ id: expect.any(Number), matchBy: 'nas_identifier', matchValue: `active-ap-${db()}` }],
      webhook: false,
    });
    // The reply as sent, before the reply schema drops keys it does not know.
    const sent = await api().raw('GET', pathOf(endpoints.consoleZonesNetwork, params()), undefined, tokens[LIB]);
    expect(JSON.stringify(sent.body)).not.toContain(made.body.secret);

    const m = await member();
    expect((await radclient(port(), made.body.secret, start(m.email, { 'NAS-Identifier': `Active-AP-${db()}` }))).code).toBe(0);
    expect(await pass(m.id, zone)).toBeDefined();

    // A secret the venue already uses is taken as given, even one that starts with "-".
    const given = '-venue-secret-0123456789';
    expect((await addClient({ matchBy: 'nas_identifier', matchValue: `Given-AP-${db()}`, secret: given }, tokens[LIB])).status).toBe(200);
    expect((await radclient(port(), given, start(m.email, { 'NAS-Identifier': `Given-AP-${db()}` }))).code).toBe(0);

    const short = await addClient({ matchBy: 'nas_identifier', matchValue: 'x', secret: 'short' }, tokens[LIB]);
    expect(short.status).toBe(400);
    const badIp = await addClient({ matchBy: 'nas_ip', matchValue: 'not-an-ip' }, tokens[LIB]);
    expect([badIp.status, badIp.error.code]).toEqual([400, 'bad_nas_ip']);
    expect((await addClient({ matchBy: 'nas_identifier', matchValue: 'y' }, tokens[OTHER])).status).toBe(403);

    const hook = await api().call(endpoints.consoleZonesWebhookSecret, { params: params() }, tokens[LIB]);
    expect(hook.body.secret).toMatch(/^[0-9a-f]{32}$/);
    expect((await api().call(endpoints.consoleZonesNetwork, { params: params() }, tokens[LIB])).body.webhook).toBe(true);
    const replaced = await api().call(endpoints.consoleZonesWebhookSecret, { params: params() }, tokens[LIB]);
    expect(replaced.body.secret).not.toBe(hook.body.secret);

    const id = listed.body.clients[0].id;
    expect((await api().call(endpoints.consoleZonesRadiusRemove, { params: { ...params(), clientId: id } }, tokens[LIB])).status).toBe(200);
    expect(
      (await radclient(port(), made.body.secret, start(m.email, { 'NAS-Identifier': `Active-AP-${db()}` }), { timeoutS: 0.3 })).code,
    ).toBe(1);
    const { rows } = await t.db.query<{ action: string }>(
      `SELECT action FROM console_audit WHERE target = $1 AND (action LIKE 'zone.radius%' OR action LIKE 'zone.webhook%') ORDER BY id`,
      [String(zone)],
    );
    expect(rows.map((r) => r.action)).toEqual([
      'zone.radius',
      'zone.radius',
      'zone.webhook_secret',
      'zone.webhook_secret',
      'zone.radius_remove',
    ]);
  });
});
