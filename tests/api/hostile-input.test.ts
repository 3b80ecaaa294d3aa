// Hostile input against every route: the route table (with its zod schemas) is read from the
// running app, each schema drives generated input — valid-shaped values and hostile ones (NUL
// bytes, numbers beyond int4, NaN, impossible dates, long strings, wrong types, arrays for
// scalars, unicode oddities, percent-encoded paths, duplicate keys, broken bodies) — sent signed
// out, as a member, as a guest and with a forged token. No answer may be a 5xx, and an answer
// that refuses (4xx) must leave the main tables as they were.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import type { RouteOptions } from 'fastify';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, xsrfToken } from '../support/api-client';
import * as endpoints from '../../src/shared/endpoints';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { INT4_MAX } from '../../src/shared/schemas/fields';
import { grantConsoleRole } from '../../src/server/repositories/console';
import { createSushiRequestor } from '../../src/server/repositories/sushi-credentials';
import { isRefusal } from '../../src/server/repositories/refusal';

/** Generated requests per route (valid-shaped and hostile mixed); FUZZ_RUNS overrides. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

interface Route {
  method: string;
  url: string;
  query?: Json;
  body?: Json;
  params?: Json;
  hasBody: boolean;
  /** The route honours Idempotency-Key (config.idempotent). */
  idempotent: boolean;
}
type Json = Record<string, any>;
type Auth = 'none' | 'member' | 'guest' | 'forged' | 'admin';
interface Case {
  method: string;
  url: string;
  auth: Auth;
  xsrf: boolean;
  payload?: string | Buffer;
  contentType?: string;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  label: string;
}

const routes: Route[] = [];
const outbox = memoryOutbox();
let t: TestContext;
let xsrf: string;
/** The admin drives only the multipart uploads (a librarian's logo, an admin's ingest), so that
 * generated requests never change the fixture as an admin would. */
const tokens: Record<'member' | 'guest' | 'admin', { token: string; id: number }> = {} as never;
const known: Record<string, string[]> = {};

// ---------- hostile values ----------

/** Idempotency-Key values: two valid ones (reused, so some requests replay or are refused as a
 * reuse) and junk (always a 400). */
const JUNK_KEYS = ['short', 'k'.repeat(101), 'key with spaces', 'key;DROP TABLE users', '../../../../etc/passwd', '%00%00%00%00'];
const IDEMPOTENCY_KEYS = ['fuzz-key-00000001', 'fuzz_key_00000002', ...JUNK_KEYS];

/** Strings that broke, or could break, a handler or the database. */
const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  'x\u0001\u001b\u007f',
  '\u0000\u0000\u0000',
  '2147483648',
  '2147483647',
  '-2147483649',
  '9223372036854775808',
  '99999999999999999999999999',
  '1e309',
  '1e-309',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '0',
  '1.5',
  '0x1F',
  '0b11',
  ' 7 ',
  '',
  ' ',
  '\t',
  '2020-02-31',
  '2020-13-45',
  '2021-02-29',
  '0000-00-00',
  '0000-01-01',
  '9999-12-31',
  '275760-09-13',
  '-001-01-01',
  '2020-1-1',
  '\uD800',
  '\uDFFF',
  '\u202Eevil',
  '\uFEFF1',
  '😀',
  'e\u0301',
  'İı',
  '\u2028',
  "' OR 1=1 --",
  '%',
  '%00',
  '../../etc/passwd',
  '<img src=x onerror=alert(1)>',
  '__proto__',
  'constructor',
  'a'.repeat(300),
  'ब'.repeat(5000),
];
const HOSTILE_JSON: unknown[] = [
  ...HOSTILE_STRINGS,
  2147483648,
  -2147483649,
  1e308,
  -1,
  0,
  1.5,
  -0,
  Number.MAX_SAFE_INTEGER,
  8_640_000_000_000_001,
  1e21,
  null,
  true,
  false,
  [],
  [1, 2],
  ['a', 'b'],
  {},
  { $gt: '' },
  { a: { b: { c: {} } } },
  'x'.repeat(200_000),
];
/** Already percent-encoded query and path fragments, including bytes that are not UTF-8. */
const RAW_FRAGMENTS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  '%C0%80',
  '%',
  '%zz',
  '%E2%80%AE',
  '+',
  '%2B1',
  '%2F..%2F',
  '%2e%2e',
  '1%3B1',
];
/** The few that answered 500 before: every field of every route gets each of them. */
const SWEEP = [
  '\u0000',
  'a\u0000b',
  '2147483648',
  '-2147483649',
  'NaN',
  'Infinity',
  '1e309',
  '2020-02-31',
  '2020-13-45',
  '0000-01-01',
  '%ED%A0%80',
];
const BROKEN_BODIES: [string | undefined, string][] = [
  ['application/json', '{"a":'],
  ['application/json', '[]'],
  ['application/json', 'null'],
  ['application/json', '"x"'],
  ['application/json', '1'],
  ['application/json', '{"__proto__":{"admin":true}}'],
  ['application/json', '{"constructor":{"prototype":{"x":1}}}'],
  ['application/json', ''],
  ['text/plain', '{}'],
  ['application/x-www-form-urlencoded', 'a=1&a=2'],
  ['multipart/form-data; boundary=x', '--x\r\nbroken'],
  ['application/json; charset=utf-16', '{}'],
  ['application/json', '{"a":"\\u0000"}'],
  ['application/json', '['.repeat(5000) + ']'.repeat(5000)],
  ['application/json', '{"a":1,"a":2}'],
  ['application/xml', '<a/>'],
  [undefined, '{}'],
  ['application/json', '\uFEFF{}'],
];

/** encodeURIComponent, but lone surrogates become the bytes a careless client would send. */
function encode(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  try {
    return encodeURIComponent(s);
  } catch {
    return s
      .replace(/[\uD800-\uDFFF]/g, '\u0001')
      .split('\u0001')
      .map((p) => encodeURIComponent(p))
      .join('%ED%A0%80');
  }
}

// ---------- valid-shaped values from the schemas ----------

/** The route's zod schema as the JSON Schema of its input (what a client sends). */
const jsonSchema = (s: unknown): Json | undefined =>
  s && typeof s === 'object' && 'safeParse' in s
    ? (z.toJSONSchema(s as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Json)
    : undefined;

function arb(s: Json | undefined, name = ''): fc.Arbitrary<unknown> {
  const good = known[name] ? [fc.constantFrom(...known[name])] : [];
  if (!s || !Object.keys(s).filter((k) => k !== '$schema').length) return fc.oneof(...good, fc.constantFrom<unknown>('x', 1, {}));
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf || s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf).map((x: Json) => arb(x, name)));
  if (s.allOf) return fc.tuple(...s.allOf.map((x: Json) => arb(x, name))).map((parts) => Object.assign({}, ...(parts as object[])));
  switch (s.type) {
    case 'object': {
      const props: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries<Json>(s.properties ?? {})) props[k] = arb(v, k);
      return fc.record(props, { requiredKeys: (s.required ?? []).filter((k: string) => k in props) });
    }
    case 'string': {
      const min = s.minLength ?? 0;
      const max = Math.max(min, Math.min(s.maxLength ?? 24, 24));
      // stringMatching makes at most about 10 characters at its default size, so a longer minimum
      // (a push key of 80) would be filtered for ever: ask for longer strings then.
      const size = min <= 5 ? undefined : min < 90 ? 'medium' : 'large';
      const gen =
        s.format === 'uuid'
          ? fc.uuid()
          : s.pattern && !s.pattern.includes('(?')
            ? fc.stringMatching(new RegExp(s.pattern), { size }).filter((v) => v.length >= min && v.length <= (s.maxLength ?? 1e9))
            : fc.string({ minLength: min, maxLength: max });
      return fc.oneof(...good, gen);
    }
    case 'integer':
    case 'number': {
      const min = Math.max(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -(2 ** 31)), Number.MIN_SAFE_INTEGER);
      const max = Math.min(s.maximum ?? INT4_MAX, Number.MAX_SAFE_INTEGER);
      // Small ids find rows of the fixture; the whole range finds the edges.
      return fc.oneof(
        ...good.map((g) => g.map(Number)),
        fc.integer({ min, max: Math.max(min, Math.min(max, 40)) }),
        fc.integer({ min, max }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arb(s.items, name), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
      });
    default:
      return fc.oneof(...good, fc.constant('x'));
  }
}

/** One valid-looking value per field: a known real value where there is one. */
function goodSample(s: Json | undefined): Json {
  const sample = (fc.sample(arb(s), { numRuns: 1, seed: SEED })[0] ?? {}) as Json;
  if (typeof sample !== 'object' || Array.isArray(sample)) return {};
  for (const k of Object.keys(s?.properties ?? {})) if (known[k]) sample[k] = known[k][0];
  return sample;
}

// ---------- building requests ----------

function queryString(q: Record<string, unknown>, raw = new Map<string, string[]>()): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) parts.push(`${encode(k)}=${encode(one)}`);
  }
  for (const [k, vs] of raw) for (const v of vs) parts.push(`${encode(k)}=${v}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, k) => params[k] ?? '1').replace(/\*$/, params['*'] ?? 'x');
}

/** All paths into a JSON value, so a hostile value can land in nested fields (events[0].at). */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return [at, ...v.flatMap((x, i) => paths(x, [...at, i]))];
  if (v && typeof v === 'object') return [at, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, k]))];
  return [at];
}
function setAt(root: any, path: (string | number)[], value: unknown): any {
  if (!path.length) return value;
  const copy = Array.isArray(root) ? [...root] : { ...root };
  copy[path[0]] = setAt(root?.[path[0]], path.slice(1), value);
  return copy;
}

const mutatePathLetter = (url: string, i: number) => {
  const letters = [...url.matchAll(/[a-z]/g)];
  if (!letters.length) return url;
  const m = letters[i % letters.length];
  return url.slice(0, m.index) + '%' + m[0].charCodeAt(0).toString(16) + url.slice(m.index! + 1);
};

function caseArb(r: Route): fc.Arbitrary<Case> {
  const query = r.query ? arb(r.query) : fc.constant({});
  const body = r.body
    ? arb(r.body)
    : fc.oneof(
        fc.constant(undefined),
        fc.constant({}),
        fc.dictionary(fc.string({ maxLength: 8 }), fc.constantFrom(...HOSTILE_JSON.slice(0, 60)), { maxKeys: 3 }),
      );
  const params = r.params ? arb(r.params) : fc.constant({});
  const extraKey = fc.oneof(
    fc.constantFrom(...Object.keys(r.query?.properties ?? r.body?.properties ?? {}), 'extra', '__proto__'),
    fc.string({ maxLength: 6 }),
  );
  const mutation = fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('value' as const), pick: fc.nat(), value: fc.constantFrom(...HOSTILE_JSON) }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        key: extraKey,
        value: fc.constantFrom(...RAW_FRAGMENTS, ...SWEEP.map(encode)),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('param' as const),
        pick: fc.nat(),
        value: fc.constantFrom(...RAW_FRAGMENTS, ...SWEEP.map(encode), '99999999999', '-1', '0'),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('path' as const),
        pick: fc.nat(),
        how: fc.constantFrom('letter', 'double-slash', 'trailing', 'upper'),
      }),
    },
    {
      weight: r.hasBody ? 2 : 0,
      arbitrary: fc.record({ kind: fc.constant('broken-body' as const), body: fc.constantFrom(...BROKEN_BODIES) }),
    },
  );
  const auth = fc.constantFrom<Auth>('none', 'member', 'member', 'guest', 'forged');
  const ageCookie = fc.option(fc.constantFrom('5', '18', 'NaN', '99999999999', '-1', '%00', 'abc'), { freq: 4 });
  // Valid keys are reused across requests (replays, and 422 for a different body) beside junk ones.
  const idemKey = r.idempotent ? fc.option(fc.constantFrom(...IDEMPOTENCY_KEYS), { freq: 2 }) : fc.constant(null);
  return fc
    .tuple(query, body, params, fc.array(mutation, { minLength: 1, maxLength: 2 }), auth, fc.boolean(), ageCookie, idemKey)
    .map(([q, b, p, muts, who, dropXsrf, age, key]) => {
      let qv = { ...(q as Json) };
      let bv: unknown = b;
      const pv: Record<string, string> = Object.fromEntries(Object.entries(p as Json).map(([k, v]) => [k, encode(v)]));
      const raw = new Map<string, string[]>();
      let url = r.url;
      let broken: [string | undefined, string] | undefined;
      const labels: string[] = [];
      for (const m of muts) {
        if (m.kind === 'value') {
          if (r.method === 'GET') {
            const keys = [...Object.keys(r.query?.properties ?? {}), 'extra'];
            const k = keys[m.pick % keys.length];
            qv[k] = m.value;
            labels.push(`query ${k}=${JSON.stringify(m.value)?.slice(0, 40)}`);
          } else {
            const all = paths(bv ?? {});
            const where = all[m.pick % all.length];
            bv = setAt(bv ?? {}, where.length ? where : ['extra'], m.value);
            labels.push(`body ${where.join('.') || 'extra'}=${JSON.stringify(m.value)?.slice(0, 40)}`);
          }
        } else if (m.kind === 'raw') {
          raw.set(m.key, [...(raw.get(m.key) ?? []), m.value]);
          labels.push(`raw ${m.key}=${m.value.slice(0, 40)}`);
        } else if (m.kind === 'duplicate') {
          const keys = Object.keys(qv);
          if (keys.length) {
            const k = keys[m.pick % keys.length];
            qv[k] = [qv[k], qv[k]];
            labels.push(`duplicate ${k}`);
          }
        } else if (m.kind === 'drop') {
          const target = r.method === 'GET' ? qv : (bv as Json);
          const keys = target && typeof target === 'object' ? Object.keys(target) : [];
          if (keys.length) {
            const k = keys[m.pick % keys.length];
            if (target === qv) {
              qv = { ...qv };
              delete qv[k];
            } else {
              bv = { ...(bv as Json) };
              delete (bv as Json)[k];
            }
            labels.push(`drop ${k}`);
          }
        } else if (m.kind === 'param') {
          const names = [...r.url.matchAll(/:(\w+)|\*/g)].map((x) => x[1] ?? '*');
          if (names.length) {
            const k = names[m.pick % names.length];
            pv[k] = m.value;
            labels.push(`param ${k}=${m.value}`);
          }
        } else if (m.kind === 'path') {
          labels.push(`path ${m.how}`);
          url =
            m.how === 'letter'
              ? mutatePathLetter(url, m.pick)
              : m.how === 'double-slash'
                ? url.replace(/\//, '//')
                : m.how === 'trailing'
                  ? `${url}/`
                  : url.toUpperCase();
        } else if (m.kind === 'broken-body') {
          broken = m.body;
          labels.push(`body ${m.body[0]}: ${m.body[1].slice(0, 40)}`);
        }
      }
      const fullUrl = fillPath(url, pv) + queryString(qv, raw);
      const c: Case = {
        method: r.method,
        url: fullUrl,
        auth: who,
        xsrf: !dropXsrf || r.method === 'GET',
        label: labels.join('; ') || 'valid-shaped',
      };
      if (age) c.cookies = { ageRating: age };
      if (key !== null) {
        c.headers = { 'idempotency-key': key };
        c.label += `; Idempotency-Key ${key.slice(0, 20)}`;
      }
      if (r.method !== 'GET') {
        if (broken) {
          c.contentType = broken[0];
          c.payload = broken[1];
        } else if (bv !== undefined) {
          c.contentType = 'application/json';
          c.payload = JSON.stringify(bv);
        }
      }
      return c;
    });
}

// ---------- sending and checking ----------

const STATE_SQL = `SELECT
  (SELECT count(*) FROM users)::int AS users,
  (SELECT md5(coalesce(string_agg(concat_ws('|', id, email, mobile, first_name, last_name, password_hash, user_type, institution_id,
     access_ends_at, delete_after, email_prefs, uploaded_id, age_rate), ',' ORDER BY id), '')) FROM users) AS users_rows,
  (SELECT md5(coalesce(string_agg(concat_ws('|', user_id, mid, removed, changed_at), ',' ORDER BY user_id, mid), '')) FROM favourites) AS favourites,
  (SELECT count(*) FROM idempotency_keys)::int AS idempotency_keys,
  (SELECT count(*) FROM id_uploads)::int AS id_uploads,
  (SELECT count(*) FROM enquiries)::int AS enquiries,
  (SELECT count(*) FROM access_code_uses)::int AS access_code_uses,
  (SELECT count(*) FROM downloads)::int AS downloads,
  (SELECT md5(coalesce(string_agg(concat_ws('|', user_id, issue_id, page_no), ',' ORDER BY user_id, issue_id), '')) FROM reading_progress) AS progress,
  -- A refusal for the licence or a limit is recorded on purpose: COUNTER counts it (No_License, Limit_Exceeded).
  (SELECT count(*) FROM usage_events WHERE kind NOT IN ('denied_no_license', 'denied_limit'))::int AS usage_events,
  (SELECT count(*) FROM titles)::int AS titles,
  (SELECT count(*) FROM issues)::int AS issues,
  (SELECT count(*) FROM institutions)::int AS institutions,
  (SELECT count(*) FROM stories)::int AS stories,
  (SELECT count(*) FROM push_subscriptions)::int AS push_subscriptions,
  (SELECT count(*) FROM zone_passes)::int AS zone_passes,
  (SELECT count(*) FROM zone_sightings)::int AS zone_sightings`;
/** STATE_SQL in a PL/pgSQL function, made in the test's database: a function's statement is
 * planned once per connection, where the query sent as it is was parsed and planned for every
 * request, three quarters of this file's time. */
const STATE_FUNCTION = `CREATE FUNCTION hostile_input_state() RETURNS text LANGUAGE plpgsql STABLE AS $fn$
BEGIN RETURN (SELECT row_to_json(s)::text FROM (${STATE_SQL}) s); END $fn$`;
const state = async () => (await t.db.query<{ s: string }>('SELECT hostile_input_state() AS s')).rows[0].s;
/** The state as last read, while no request since can have changed it: a refusal's reading after
 * it is the next request's reading before it. */
let lastState: string | undefined;

/** Tokens no server issued: unsigned, truncated, tampered, huge, the wrong scheme. */
const FORGED = [
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwic2lkIjoieCJ9.',
  'Bearer x',
  'x.y.z',
  'a'.repeat(8000),
  'Basic YWRtaW46YWRtaW4=',
  '%00',
  '2147483648',
];
const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const stats = { sent: 0, byClass: {} as Record<string, number> };
let failures: string[] = [];
/** Each distinct failure once (the same input fails signed out and in). */
const report = () => [...new Set(failures)].sort();

async function send(c: Case): Promise<void> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.xsrf) headers['x-xsrf-token'] = xsrf;
  if (c.contentType) headers['content-type'] = c.contentType;
  if (c.auth === 'member' || c.auth === 'guest' || c.auth === 'admin') headers.authorization = tokens[c.auth].token;
  if (c.auth === 'forged') headers.authorization = FORGED[stats.sent % FORGED.length];
  const before = lastState ?? (await state());
  lastState = undefined;
  const res = await t.app.inject({
    method: c.method as 'GET',
    url: c.url,
    payload: c.payload,
    headers,
    remoteAddress: randomIp(),
    cookies: { ...(c.xsrf ? { 'XSRF-TOKEN': xsrf } : {}), ...c.cookies },
  });
  stats.sent++;
  const cls = `${String(res.statusCode)[0]}xx`;
  stats.byClass[cls] = (stats.byClass[cls] ?? 0) + 1;
  const what = `${c.method} ${c.url.slice(0, 200)} (${c.label}${c.xsrf ? '' : ', no xsrf'})`;
  if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what}: ${res.body.slice(0, 200)}`);
  else if (res.statusCode >= 400) {
    lastState = await state();
    if (lastState !== before) failures.push(`${res.statusCode} changed data: ${what}`);
  }
  // A 2xx may end the session (logout, password change, deletion): sign in again.
  if (res.statusCode < 300 && c.method !== 'GET' && (c.auth === 'member' || c.auth === 'guest' || c.auth === 'admin')) await renew(c.auth);
}

async function renew(who: 'member' | 'guest' | 'admin') {
  const check = await t.app.inject({
    method: 'POST',
    url: '/api/user/details',
    headers: { authorization: tokens[who].token, 'x-xsrf-token': xsrf },
    cookies: { 'XSRF-TOKEN': xsrf },
  });
  if (check.statusCode === 401) tokens[who].token = await t.app.issueToken(tokens[who].id, { headers: {} } as never);
}

// ---------- setup ----------

beforeAll(async () => {
  t = await testApp(loadCatalogue, {
    mailer: outbox.mailer,
    sms: outbox.sms,
    onRoute: (r: RouteOptions) => {
      for (const method of [r.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const s = (r.schema ?? {}) as Record<string, unknown>;
        routes.push({
          method,
          url: r.url,
          query: jsonSchema(s.querystring),
          body: jsonSchema(s.body),
          params: jsonSchema(s.params),
          hasBody: method !== 'GET',
          idempotent: r.config?.idempotent === true,
        });
      }
    },
  });
  await t.db.query(STATE_FUNCTION);
  xsrf = await xsrfToken(t.app);
  const api = apiClient(t.app, xsrf);
  // Real sessions, made the way sign-in makes them (the sign-in routes are fuzzed, not relied on).
  const email = 'fuzz@active.edu';
  const user = async (sql: string) => (await t.db.query<{ id: number; uuid: string }>(sql)).rows[0];
  const member = await user(
    `INSERT INTO users (uuid, email, email_verified, institution_id, first_name) VALUES (gen_random_uuid(), '${email}', true, ${FX.inst.active}, 'Fuzz') RETURNING id, uuid`,
  );
  const guest = await user(
    `INSERT INTO users (uuid, user_type, uniq_id) VALUES (gen_random_uuid(), 'guest', 'fuzz-guest-0123456789') RETURNING id, uuid`,
  );
  const admin = await user(
    `INSERT INTO users (uuid, email, email_verified, first_name) VALUES (gen_random_uuid(), 'fuzz-admin@example.com', true, 'Admin') RETURNING id, uuid`,
  );
  expect(await grantConsoleRole(t.db, { email: 'fuzz-admin@example.com', role: 'admin', orgCode: null, actorId: null })).toMatchObject({
    ok: true,
  });
  const issue = (id: number) => t.app.issueToken(id, { headers: {} } as never);
  tokens.member = { token: await issue(member.id), id: member.id };
  tokens.guest = { token: await issue(guest.id), id: guest.id };
  tokens.admin = { token: await issue(admin.id), id: admin.id };
  const issued = await createSushiRequestor(t.db, FX.inst.active, 'Fuzz harvester', null);
  if (isRefusal(issued)) throw new Error(issued.message);
  const sushi = { customerId: String(FX.inst.active), requestorId: issued.requestor.requestorId, apiKey: issued.apiKey };
  const sent = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'other@active.edu' } });
  const reader = await api.call(endpoints.readerToken, { body: { issue: 1 } }, tokens.member.token);
  // Real values by field name, so valid-shaped requests reach past the lookups.
  Object.assign(known, {
    email: [email, 'new@active.edu', 'someone@example.com'],
    mobile: ['9876543210'],
    emailId: [email],
    requestId: [sent.body?.requestId ?? '00000000-0000-4000-8000-000000000000'],
    uid: [member.uuid],
    code: [reader.body?.data.code ?? 'x', '1234', 'ACT'],
    q: ['monsoon', 'भारत'],
    query: ['business', 'campus'],
    magName: ['business-weekly'],
    url: ['campus-libraries-1', 'morning-news-2'],
    lang: ['en', 'hi'],
    con_code: ['ACT'],
    org: ['ACT', '1', '2147483648'],
    category: ['Cover-Stories', 'Latest'],
    deviceId: ['fuzz-device-0001'],
    uniqId: ['fuzz-guest-0123456789'],
    mid: [String(FX.mid.biz)],
    issueId: ['1', '4'],
    issue: ['1'],
    issid: ['1'],
    issueid: ['1'],
    lst_dt: ['2026-11-01'],
    st_d: ['2026-01-01'],
    en_d: ['2026-12-31'],
    password: ['read2026'],
    // The SUSHI API's credentials and parameters.
    customer_id: [sushi.customerId],
    requestor_id: [sushi.requestorId],
    api_key: [sushi.apiKey!],
    begin_date: ['2026-01', '2026-01-15'],
    end_date: ['2026-03', '2026-03-31'],
    report: ['pr', 'tr_j1', 'dr'],
    platform: ['Lectern'],
  });
}, 120_000);
afterAll(() => t?.close());

describe('hostile input', () => {
  it('reads the route table with its schemas, the SUSHI API and the uploads among them', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => r.query || r.body || r.params).length).toBeGreaterThan(25);
    // The catch-all of wrong paths under /sushi (a 404 exception) takes no parameters.
    const sushi = routes.filter((r) => r.url.startsWith('/sushi/') && r.url !== '/sushi/*');
    expect(sushi.map((r) => r.url).sort()).toEqual(
      ['/sushi/r51/kbart', '/sushi/r51/members', '/sushi/r51/reports', '/sushi/r51/reports/:report', '/sushi/r51/status'].sort(),
    );
    for (const r of sushi)
      expect(Object.keys(r.query?.properties ?? {})).toEqual(
        expect.arrayContaining(['customer_id', 'requestor_id', 'api_key', 'platform']),
      );
    for (const url of ['/api/user/uploadid', '/api/console/ingest', '/api/console/institutions/:institutionId/branding/logo'])
      expect(routes.map((r) => r.url)).toContain(url);
  });

  beforeEach(() => {
    failures = [];
    // A test may change the data outside send().
    lastState = undefined;
  });

  it('every text field of every route comes from the shared field types (a pattern that refuses control characters, or a closed set)', () => {
    const loose: string[] = [];
    const walk = (s: Json | undefined, where: string) => {
      if (!s || typeof s !== 'object') return;
      if (s.type === 'string' && !s.pattern && !s.enum && !('const' in s) && !s.format && !s.allOf) loose.push(where);
      for (const [k, v] of Object.entries<Json>(s.properties ?? {})) walk(v, `${where}.${k}`);
      for (const v of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(v, where);
      if (s.items) walk(s.items, `${where}[]`);
    };
    for (const r of routes) for (const part of ['query', 'body', 'params'] as const) walk(r[part], `${r.method} ${r.url} ${part}`);
    expect(loose).toEqual([]);
  });

  it('every field of every route, given each input that once answered 500: no 5xx, refusals change nothing', async () => {
    for (const r of routes) {
      const fields = Object.keys({ ...r.query?.properties, ...r.body?.properties });
      const paramNames = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      for (const auth of ['none', 'member'] as Auth[]) {
        for (const value of SWEEP) {
          for (const f of fields) {
            if (r.method === 'GET') {
              const { [f]: _, ...base } = goodSample(r.query);
              await send({
                method: r.method,
                url: fillPath(r.url, {}) + queryString(base, new Map([[f, [value.startsWith('%') ? value : encode(value)]]])),
                auth,
                xsrf: true,
                label: `sweep ${f}`,
              });
            } else {
              const base = goodSample(r.body);
              await send({
                method: r.method,
                url: fillPath(r.url, {}),
                auth,
                xsrf: true,
                contentType: 'application/json',
                payload: JSON.stringify({ ...base, [f]: value }),
                label: `sweep ${f}`,
              });
            }
          }
          for (const p of paramNames) {
            await send({
              method: r.method,
              url: fillPath(r.url, { [p]: value.startsWith('%') ? value : encode(value) }),
              auth,
              xsrf: true,
              label: `sweep :${p}`,
            });
          }
        }
      }
    }
    expect(report(), `seed ${SEED}`).toEqual([]);
  }, 600_000);

  it('a junk Idempotency-Key on each route that honours it is a 400 that changes nothing', async () => {
    const outboxRoutes = routes.filter((r) => r.idempotent);
    expect(outboxRoutes.length).toBeGreaterThanOrEqual(7);
    for (const r of outboxRoutes) {
      for (const key of [...JUNK_KEYS, 'ключ-ключ-ключ']) {
        const before = await state();
        const res = await t.app.inject({
          method: r.method as 'POST',
          url: fillPath(r.url, {}),
          payload: goodSample(r.body),
          headers: { authorization: tokens.member.token, 'x-xsrf-token': xsrf, 'idempotency-key': encodeURI(key) },
          cookies: { 'XSRF-TOKEN': xsrf },
          remoteAddress: randomIp(),
        });
        if (res.statusCode !== 400 || res.json().error?.code !== 'bad_request') failures.push(`${res.statusCode} ${r.url} key ${key}`);
        if ((await state()) !== before) failures.push(`changed data: ${r.url} key ${key}`);
      }
    }
    expect(report(), `seed ${SEED}`).toEqual([]);
  });

  it('multipart uploads with hostile fields and files', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
    const form = (fields: [string, string][], file?: Buffer, boundary = 'fuzzb') =>
      Buffer.concat([
        ...fields.map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
        ...(file
          ? [
              Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
              ),
              file,
              Buffer.from('\r\n'),
            ]
          : []),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
    const ct = 'multipart/form-data; boundary=fuzzb';
    for (const value of [...SWEEP, '', '1.5', '-1', '0x1', ' 1', '1e3', '[]']) {
      for (const auth of ['member', 'guest', 'none'] as Auth[]) {
        await send({
          method: 'POST',
          url: '/api/user/uploadid',
          auth,
          xsrf: true,
          contentType: ct,
          payload: form([['institutionId', value]], png),
          label: `institutionId=${JSON.stringify(value)}`,
        });
      }
    }
    const odd: [string, Buffer][] = [
      ['no file', form([['institutionId', String(FX.inst.active)]])],
      ['two files', Buffer.concat([form([], png).subarray(0, -10), form([['institutionId', '1']], png)])],
      ['empty file', form([['institutionId', '1']], Buffer.alloc(0))],
      [
        'many fields',
        form(
          Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x'] as [string, string]),
          png,
        ),
      ],
      ['NUL field name', form([['institution\u0000Id', '1']], png)],
      ['broken', Buffer.from('--fuzzb\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc')],
      ['garbage', Buffer.from('\u0000\u0001not multipart')],
    ];
    for (const [label, payload] of odd)
      await send({ method: 'POST', url: '/api/user/uploadid', auth: 'member', xsrf: true, contentType: ct, payload, label });
    expect(report(), `seed ${SEED}`).toEqual([]);
  }, 120_000);

  it("every upload's file name and field names, hostile (ID, logo, ingest): no 5xx, refusals change nothing", async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
    const pdf = Buffer.from(`%PDF-1.4\n%${'x'.repeat(200)}\n%%EOF\n`);
    const NAMES = [
      ...SWEEP,
      'a\u0000b.pdf',
      'x\u0001\u001b\u007f.pdf',
      '\u001b[2J.pdf',
      '../../../../etc/passwd',
      '..\\..\\win.ini',
      '/abs/path.pdf',
      `${'a'.repeat(300)}.pdf`,
      '',
      ' ',
      '.pdf',
      '😀.pdf',
      '\uFEFF.pdf',
      '\u202Eevil.pdf',
      'नाम.pdf',
      'semi;colon.pdf',
      '\uD800.pdf',
    ];
    const FIELD_NAMES = ['file\u0000', '\u0000', '__proto__', 'constructor', 'a'.repeat(300), 'title\u001b', 'नाम'];
    const boundary = 'fuzzn';
    const field = (k: string, v: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    /** The name as written (filename="…") or RFC 5987-encoded (filename*=UTF-8''…), as browsers and curl send it. */
    const file = (name: string, bytes: Buffer, star: boolean, fieldName = 'file') =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; ${star ? `filename*=UTF-8''${encode(name)}` : `filename="${name}"`}\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from('\r\n'),
      ]);
    const end = Buffer.from(`--${boundary}--\r\n`);
    // The ingest form has no title, so every name is read and the upload refused (no job is queued).
    const uploads: { url: string; auth: Auth; fields: [string, string][]; bytes: Buffer }[] = [
      { url: '/api/user/uploadid', auth: 'member', fields: [['institutionId', String(FX.inst.active)]], bytes: png },
      { url: `/api/console/institutions/${FX.inst.active}/branding/logo`, auth: 'admin', fields: [], bytes: png },
      {
        url: '/api/console/ingest',
        auth: 'admin',
        fields: [
          ['date', '2026-11-07'],
          ['category', '2'],
          ['language', 'en'],
        ],
        bytes: pdf,
      },
    ];
    for (const u of uploads) {
      for (const name of NAMES) {
        for (const star of [false, true]) {
          await send({
            method: 'POST',
            url: u.url,
            auth: u.auth,
            xsrf: true,
            contentType: `multipart/form-data; boundary=${boundary}`,
            payload: Buffer.concat([...u.fields.map(([k, v]) => field(k, v)), file(name, u.bytes, star), end]),
            label: `file name ${JSON.stringify(name).slice(0, 40)}${star ? ' (filename*)' : ''}`,
          });
        }
      }
      for (const name of FIELD_NAMES) {
        for (const payload of [
          Buffer.concat([field(name, 'x'), file('a.pdf', u.bytes, false), end]),
          Buffer.concat([...u.fields.map(([k, v]) => field(k, v)), file('a.pdf', u.bytes, false, name), end]),
        ])
          await send({
            method: 'POST',
            url: u.url,
            auth: u.auth,
            xsrf: true,
            contentType: `multipart/form-data; boundary=${boundary}`,
            payload,
            label: `field name ${JSON.stringify(name).slice(0, 40)}`,
          });
      }
    }
    // A complete ingest form would be queued with a good name (the name becomes the issue's): every
    // name with a control character must be refused all the same.
    const complete: [string, string][] = [['title', 'Fuzz Weekly'], ...uploads[2].fields];
    for (const name of NAMES.filter((n) => /\p{Cc}/u.test(n))) {
      for (const star of [false, true]) {
        await send({
          method: 'POST',
          url: '/api/console/ingest',
          auth: 'admin',
          xsrf: true,
          contentType: `multipart/form-data; boundary=${boundary}`,
          payload: Buffer.concat([...complete.map(([k, v]) => field(k, v)), file(name, pdf, star), end]),
          label: `complete ingest form, file name ${JSON.stringify(name).slice(0, 40)}${star ? ' (filename*)' : ''}`,
        });
      }
    }
    expect(report(), `seed ${SEED}`).toEqual([]);
  }, 300_000);

  it(`${RUNS} generated requests per route, valid-shaped and hostile, signed out and in: no 5xx, refusals change nothing`, async () => {
    for (const [i, r] of routes.entries()) {
      for (const c of fc.sample(caseArb(r), { numRuns: RUNS, seed: SEED + i })) await send(c);
    }
    console.log(
      `hostile input (${process.env.LECTERN_TEST_DB ?? 'pglite'}, seed ${SEED}): ${routes.length} routes, ${stats.sent} requests, ${JSON.stringify(stats.byClass)}`,
    );
    expect(report(), `seed ${SEED}`).toEqual([]);
  }, 600_000);
});
