// The attacker's campaign against a running server (npm start's way, on a throwaway PostgreSQL
// cluster so races are real): hostile input, XSRF bypasses, spoofed client addresses, floods,
// races on every limit, slow requests, hashing starvation, and what the second security round
// closed (claimed domains, faked zones, zones without bounds, a guest's device id, image bombs,
// a production start on the demo's database). Prints what it sent, the statuses by
// class, and each check as ok or FAILED; exits 1 when a check failed.
// Usage: npm run campaign:attack   (first start loads a 20-title demo library: about a minute)
// Every request goes to 127.0.0.1; "many clients" are other loopback source addresses
// (127.0.x.y), which Linux routes to the same machine.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgresCluster } from '../support/postgres-cluster';
import { startServer } from '../support/server-process';
import { bombPng } from '../support/images';
import { percentile } from '../support/percentile';

const PORT = 4460;
const statuses = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, 'no answer': 0 };
const fiveHundreds: string[] = [];
const checks: { name: string; ok: boolean; detail: string }[] = [];
let sent = 0;

interface Res {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One raw request: the path goes out exactly as written (no URL normalisation), from `from`. */
function request(
  method: string,
  rawPath: string,
  opts: { body?: string | Buffer; headers?: Record<string, string>; from?: string } = {},
): Promise<Res> {
  sent++;
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path: rawPath,
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
        headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          statuses[`${Math.floor(status / 100)}xx` as keyof typeof statuses]++;
          if (status >= 500) fiveHundreds.push(`${status} ${method} ${rawPath.slice(0, 120)}`);
          resolve({ status, body: Buffer.concat(chunks).toString(), headers: res.headers });
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      statuses['no answer']++;
      resolve({ status: 0, body: '', headers: {} });
    });
    req.end(opts.body);
  });
}

/** A client as the app is one: it keeps its XSRF pair and its session token. */
async function client(from: string) {
  const first = await request('GET', '/api/health', { from });
  const cookie = String(first.headers['set-cookie'] ?? '').match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
  let token = '';
  const call = (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
    request(method, p, {
      from,
      body: body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
      headers: { cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': cookie, ...(token ? { authorization: token } : {}), ...headers },
    });
  return { call, setToken: (t: string) => (token = t), cookie };
}

let ipCounter = 0;
/** A new loopback source address per simulated client. */
const nextIp = () => {
  ipCounter++;
  return `127.0.${Math.floor(ipCounter / 250) + 1}.${(ipCounter % 250) + 1}`;
};

function check(name: string, ok: boolean, detail: string) {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'ok     ' : 'FAILED '} ${name}: ${detail}`);
}

const count = (list: Res[], status: number) => list.filter((r) => r.status === status).length;

// --- the server, on PostgreSQL ---
const cluster = await startPostgresCluster();
cluster.createDatabase('attack');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-attack-'));
const databaseUrl = cluster.url('attack');
console.log('Starting the server on PostgreSQL with a 20-title demo library…');
const server = await startServer(PORT, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEMO_TITLES: '20' }, 400_000);
const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const rss = () => Number(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024;
const codeFor = async (to: string): Promise<string> => {
  const dir = path.join(dataDir, 'outbox', 'mail');
  for (let i = 0; i < 100; i++) {
    const file = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.includes(to))
          .sort()
          .at(-1)
      : undefined;
    const code = file && fs.readFileSync(path.join(dir, file), 'utf8').match(/(\d{4,8}) is your/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${to} in the outbox`);
};

try {
  // 1. Hostile input: every answer must be a 4xx (or a 2xx/3xx), never a 5xx.
  const NUL = '%00';
  const hostile: [string, string, unknown?][] = [];
  for (const p of [
    '/content/magazine-filter?categoryID=BS&lang=en' + NUL,
    '/content/mag-search?q=a' + NUL + 'b',
    '/content/search_list?q=x' + NUL,
    '/content/article-search?q=' + NUL,
    '/content/issues-search?mid=1&st_d=2020-01-01&en_d=2020-13-45',
    '/content/issues-search?mid=1&lst_dt=2020-02-31',
    '/content/magazine-filter?categoryID=BS&page=99999999999999999999',
    '/content/magazine-filter?categoryID=BS&page=NaN',
    '/content/magazine-filter?categoryID=%ZZ',
    '/api/sso/start?org=2147483648',
    '/api/sso/start?org=' + NUL,
    '/content/reader/2147483648?code=x',
    '/content/reader/1/pages/-1/small.webp?code=x',
    '/content/getMagDetails?mid=1e309',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/media/..%2f..%2fpackage.json',
    '/media/%00',
    '/content/' + 'a'.repeat(9000),
    '/api/guest/validate?x=' + NUL,
    '/content/home?edzLibId=-1',
    '/content/home?edzLibId=99999999999',
    '/content/home?age_rate=abc',
    '/reader/1e3',
  ])
    hostile.push(['GET', p]);
  const posts: [string, unknown][] = [
    ['/api/login/otp/send', { channel: 'email', email: 'a\u0000@demo.edu' }],
    ['/api/login/otp/send', '{"channel":'],
    ['/api/login/otp/verify', { requestId: 'x\u0000', code: '1234' }],
    ['/api/login/password', { channel: 'email', email: 'x@y.zz', password: 'a\u0000b' }],
    ['/api/account/contact', { userName: '\u0000', emailId: 'x@y.zz', Message: 'hi' }],
    ['/api/coupon/validate', { code: 'A\u0000' }],
    ['/api/reader/token', { issue: 2147483648, store_id: 1 }],
    ['/api/reader/events', { events: [{ kind: 'page_view', issueId: 1, at: 1e308 }] }],
    ['/api/guest/login', { uniqId: 'u\u0000', os: 'web' }],
    ['/api/sso/complete', { search: '?code=\u0000&state=\u0000' }],
    ['/api/events', { kind: 'x'.repeat(100000) }],
    ['/api/reader/progress', { issueId: 1, page: 2147483648 }],
    ['/api/user/profile', { fullName: 'A\u0000' }],
    ['/api/login/otp/send', []],
  ];
  const tester = await client(nextIp());
  const guest = await tester.call('POST', '/api/guest/login', { uniqId: `attack-${Date.now()}`, os: 'web' });
  if (guest.status === 200) tester.setToken(JSON.parse(guest.body).jwtoken);
  const hostileReplies: Res[] = [];
  for (const [method, p] of hostile) hostileReplies.push(await tester.call(method, p));
  for (const [p, body] of posts) hostileReplies.push(await tester.call('POST', p, body));
  hostileReplies.push(
    await tester.call('POST', '/api/login/otp/send', 'channel=email', { 'content-type': 'application/x-www-form-urlencoded' }),
  );
  hostileReplies.push(await tester.call('POST', '/api/login/otp/send', '\u0000', { 'content-type': 'application/json' }));
  check(
    'hostile input answers no 5xx',
    hostileReplies.every((r) => r.status < 500),
    `${hostileReplies.length} requests: ${hostileReplies.filter((r) => r.status >= 400 && r.status < 500).length} 4xx, ${hostileReplies.filter((r) => r.status >= 500).length} 5xx`,
  );

  // 2. XSRF: an unsafe request without the pair is refused whatever the path's spelling.
  const bypasses = [
    '/%61pi/guest/login',
    '/%63ontent/addmy_fav',
    '/api/./guest/login',
    '//api/guest/login',
    '/api/guest/../guest/login',
    '/API/guest/login',
    '/api%2fguest/login',
    '/api/guest/login/',
    '/api/guest/login?',
  ];
  const bypassReplies = await Promise.all(
    bypasses.map((p) =>
      request('POST', p, {
        from: nextIp(),
        body: JSON.stringify({ uniqId: `xsrf${Math.random().toString(36).slice(2)}padding`.slice(0, 24), os: 'web' }),
      }),
    ),
  );
  check(
    'XSRF holds on every spelling of the path',
    bypassReplies.every((r) => r.status !== 200 && r.status < 500),
    bypasses.map((p, i) => `${p} ${bypassReplies[i].status}`).join(', '),
  );

  // 3. Spoofed client address: one real client, a new X-Forwarded-For each time.
  const spoofer = await client(nextIp());
  const spoofed: Res[] = [];
  for (let i = 0; i < 80; i++)
    spoofed.push(
      await spoofer.call(
        'POST',
        '/api/guest/login',
        { uniqId: `spoof-${i}-${Date.now()}`, os: 'web' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      ),
    );
  check(
    'X-Forwarded-For does not dodge the guest limit',
    count(spoofed, 429) > 0,
    `80 guest sessions from one client with 80 forwarded-for addresses: ${count(spoofed, 200)} made, ${count(spoofed, 429)} refused`,
  );

  // 4. Floods. Cache busting: random parameters on a cached answer.
  const before = rss();
  for (let round = 0; round < 10; round++) {
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => request('GET', `/content/home?junk=${round}-${i}-${Math.random()}`, { from: nextIp() })),
    );
  }
  const grown = rss() - before;
  check(
    'cache busting does not grow the server',
    grown < 60,
    `1,000 home requests with random parameters: resident memory ${before.toFixed(0)} → ${(before + grown).toFixed(0)} MB`,
  );

  // Expensive searches while someone asks for the health check.
  const health: number[] = [];
  let searching = true;
  const probe = (async () => {
    while (searching) {
      const t = performance.now();
      await request('GET', '/api/health', { from: nextIp() });
      health.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const searches = await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      request('GET', `/content/mag-search?q=${['news', 'india', 'science', 'the'][i % 4]}${i}&page=0`, { from: nextIp() }),
    ),
  );
  searching = false;
  await probe;
  health.sort((a, b) => a - b);
  check(
    '300 concurrent searches: no 5xx other than a clear 503',
    searches.every((r) => r.status < 500 || r.status === 503),
    `${count(searches, 200)} answered, ${count(searches, 503)} busy (503), ${count(searches, 429)} limited; health check p50 ${percentile(health, 50).toFixed(0)} ms, max ${health.at(-1)?.toFixed(0)} ms`,
  );

  // Hashing: 40 concurrent password attempts while a static file is fetched.
  const hashers = await Promise.all(Array.from({ length: 40 }, () => client(nextIp())));
  const passwords = hashers.map((c, i) =>
    c.call('POST', '/api/login/password', { channel: 'email', email: `nobody${i}@example.com`, password: 'wrong-one' }),
  );
  await new Promise((r) => setTimeout(r, 20));
  const t0 = performance.now();
  await request('GET', '/manifest.webmanifest', { from: nextIp() });
  const staticMs = performance.now() - t0;
  const hashed = await Promise.all(passwords);
  check(
    'password hashing does not starve static files',
    hashed.every((r) => r.status < 500 || r.status === 503),
    `static file during 40 password attempts: ${staticMs.toFixed(0)} ms; attempts: ${count(hashed, 401)} checked, ${hashed.filter((r) => r.status === 429 || r.status === 503).length} refused early, ${
      hashed
        .filter((r) => ![401, 429, 503].includes(r.status))
        .map((r) => r.status)
        .join(' ') || 'no other answers'
    }`,
  );

  // 5. Races on PostgreSQL. One-time code: a burst of wrong guesses from many addresses, then the right one.
  const victim = `race-${Date.now()}@demo.edu`;
  const asker = await client(nextIp());
  const sentCode = await asker.call('POST', '/api/login/otp/send', { channel: 'email', email: victim, purpose: 'login' });
  const { requestId } = JSON.parse(sentCode.body);
  const right = await codeFor(victim);
  const wrong = (n: number) => String((Number(right) + 1 + (n % 9000)) % 10 ** right.length).padStart(right.length, '0');
  const guessers = await Promise.all(Array.from({ length: 300 }, () => client(nextIp())));
  // The right code goes out last, inside the burst.
  const burst = await Promise.all([
    ...guessers.map((g, i) => g.call('POST', '/api/login/otp/verify', { requestId, code: wrong(i) })),
    asker.call('POST', '/api/login/otp/verify', { requestId, code: right }),
  ]);
  const compared = burst.filter((r) => r.body.includes('otp_wrong')).length;
  check(
    'one-time code: 6 digits, and 300 concurrent wrong guesses spend the tries first',
    right.length === 6 && compared <= 4,
    `a ${right.length}-digit code; ${compared} wrong guesses answered "incorrect" (4 allowed before the code is used up), the right code at the end of the burst: ${burst.at(-1)!.status}`,
  );

  // Password: a burst of wrong passwords for one account from many addresses, then the right one.
  const pwGuessers = await Promise.all(Array.from({ length: 100 }, () => client(nextIp())));
  const pwGuesses = await Promise.all(
    pwGuessers.map((g, i) => g.call('POST', '/api/login/password', { channel: 'email', email: 'reader@basic.edu', password: `guess${i}` })),
  );
  const owner = await client(nextIp());
  const ownerIn = await owner.call('POST', '/api/login/password', { channel: 'email', email: 'reader@basic.edu', password: 'read2026' });
  check(
    'passwords: a burst is counted, the owner still signs in from their own device',
    ownerIn.status === 200,
    `${count(pwGuesses, 401)} wrong passwords checked, ${pwGuesses.filter((r) => r.status === 429 || r.status === 503).length} refused; owner afterwards: ${ownerIn.status}`,
  );

  // Domain minting: new addresses at an institution's domain from one client.
  const minter = await client(nextIp());
  const mints: Res[] = [];
  for (let i = 0; i < 40; i++)
    mints.push(
      await minter.call('POST', '/api/login/otp/send', { channel: 'email', email: `new${i}-${Date.now()}@demo.edu`, purpose: 'login' }),
    );
  check(
    'new addresses at an institution domain cannot be minted without bound',
    count(mints, 429) > 0,
    `40 codes to new @demo.edu addresses from one client: ${count(mints, 200)} sent, ${count(mints, 429)} refused`,
  );
  const newcomer = await client(nextIp());
  const welcomed = await newcomer.call('POST', '/api/login/otp/send', {
    channel: 'email',
    email: `newcomer-${Date.now()}@demo.edu`,
    purpose: 'login',
  });
  check(
    'one client cannot close an institution domain to newcomers',
    welcomed.status === 200,
    `a code to a new @demo.edu address from another client afterwards: ${welcomed.status}`,
  );

  // Access code uses: 40 new guests race for a code with 5 uses left.
  await sql.query(
    `INSERT INTO access_codes (code, institution_id, ends_at, max_uses) SELECT 'RACE-5', id, now() + interval '30 days', 5 FROM institutions WHERE con_code = 'DEMO-U'`,
  );
  const racers = await Promise.all(
    Array.from({ length: 40 }, async (_, i) => {
      const c = await client(nextIp());
      const g = await c.call('POST', '/api/guest/login', { uniqId: `racer-${i}-${Date.now()}`, os: 'web' });
      if (g.status === 200) c.setToken(JSON.parse(g.body).jwtoken);
      return c;
    }),
  );
  const coupons = await Promise.all(racers.map((c) => c.call('POST', '/api/coupon/validate', { code: 'RACE-5' })));
  const {
    rows: [codeRow],
  } = await sql.query(
    `SELECT uses, (SELECT count(*)::int FROM access_code_uses u WHERE u.code_id = c.id) AS attached FROM access_codes c WHERE code = 'RACE-5'`,
  );
  check(
    'access code uses hold under a race',
    count(coupons, 200) <= 5 && codeRow.uses <= 5,
    `40 concurrent redemptions of a 5-use code: ${count(coupons, 200)} accepted, uses ${codeRow.uses}`,
  );

  // Downloads: one reader asks for many issues at once against the limit.
  const readerC = await client(nextIp());
  const signIn = await readerC.call('POST', '/api/login/password', { channel: 'email', email: 'reader@demo.edu', password: 'read2026' });
  readerC.setToken(JSON.parse(signIn.body).jwtoken);
  const { rows: issueRows } = await sql.query(
    `SELECT issue_id FROM issues s JOIN titles t ON t.mid = s.mid WHERE t.type = 'magazine' AND t.age_rating <= 5 ORDER BY issue_id LIMIT 30`,
  );
  const downloads = await Promise.all(
    issueRows.map((r) => readerC.call('POST', '/api/reader/downloads', { issueId: r.issue_id, deviceId: 'attack-device-1' })),
  );
  const {
    rows: [dl],
  } = await sql.query(`SELECT count(*)::int AS n FROM downloads d JOIN users u ON u.id = d.user_id WHERE u.email = 'reader@demo.edu'`);
  check(
    'download limit holds under a race',
    dl.n <= 10,
    `${issueRows.length} concurrent downloads (limit 10): ${count(downloads, 200)} accepted, ${dl.n} stored`,
  );

  // 6. The second round: what an outsider, a guest and a librarian tried on the first production start.
  const signedIn = async (email: string) => {
    const c = await client(nextIp());
    const r = await c.call('POST', '/api/login/password', { channel: 'email', email, password: 'read2026' });
    c.setToken(JSON.parse(r.body).jwtoken);
    return c;
  };
  const codeSignIn = async (email: string) => {
    const c = await client(nextIp());
    const sent = await c.call('POST', '/api/login/otp/send', { channel: 'email', email, purpose: 'login' });
    const verified = await c.call('POST', '/api/login/otp/verify', {
      requestId: JSON.parse(sent.body).requestId,
      code: await codeFor(email),
    });
    return JSON.parse(verified.body) as { libid: number };
  };
  const errorCode = (r: Res) => (r.body.startsWith('{') ? (JSON.parse(r.body).error?.code ?? '') : '');
  const {
    rows: [demoU],
  } = await sql.query<{ id: number }>(`SELECT id FROM institutions WHERE con_code = 'DEMO-U'`);
  const {
    rows: [basic],
  } = await sql.query<{ id: number }>(`SELECT id FROM institutions WHERE con_code = 'BASIC-S'`);
  const librarian = await signedIn('librarian@demo.edu');
  const admin = await signedIn('admin@example.com');

  // A librarian claims a domain that is not theirs: it stays pending and lets nobody in.
  const domains = `/api/console/institutions/${demoU.id}/access/domains`;
  const webmail = await librarian.call('POST', domains, { domain: 'yahoo.co.uk' });
  const foreign = await librarian.call('POST', domains, { domain: 'attacker-claims.org' });
  const held = await librarian.call('POST', domains, { domain: 'basic.edu' });
  const stranger = await codeSignIn(`someone-${Date.now()}@attacker-claims.org`);
  const basicNewcomer = await codeSignIn(`pupil-${Date.now()}@basic.edu`);
  check(
    'a claimed e-mail domain lets nobody in until it is proven',
    webmail.status === 400 && foreign.status === 200 && stranger.libid === 0 && basicNewcomer.libid === basic.id,
    `yahoo.co.uk ${webmail.status} ${errorCode(webmail)}, a foreign domain ${foreign.status} (pending), basic.edu (proven by Basic School) ${held.status}; a new address at the claimed domain joined library ${stranger.libid}, a new basic.edu address library ${basicNewcomer.libid} (Basic School is ${basic.id})`,
  );

  // Zones: published coordinates from a guest, impossible travel, a fix too good to be true, no bounds.
  const city = { lat: 18.9317, lng: 72.8362 };
  const delhi = { lat: 28.6869, lng: 77.209 };
  const guestC = await client(nextIp());
  const guestIn = await guestC.call('POST', '/api/guest/login', { uniqId: `zone-guest-${Date.now()}`, os: 'web' });
  guestC.setToken(JSON.parse(guestIn.body).jwtoken);
  const here = (c: Awaited<ReturnType<typeof client>>, at: { lat: number; lng: number }, accuracy = 20) =>
    c.call('POST', '/api/zones/here', { position: { ...at, accuracy, ageMs: 1000 } });
  const guestHere = await here(guestC, city);
  // The demo's Delhi library keeps weekday hours; a zone open at every hour stands beside it.
  await admin.call('POST', `/api/console/institutions/${demoU.id}/zones`, {
    name: 'Delhi reading room (always open)',
    place: { ...delhi, radiusM: 300 },
  });
  const traveller = await signedIn('reader@demo.edu');
  const inMumbai = await here(traveller, city);
  const inDelhi = await here(traveller, delhi);
  const exact = await here(await signedIn('reader@basic.edu'), city, 0);
  check(
    'a position alone opens nothing for a guest; impossible travel and exact fixes are refused',
    guestHere.status === 403 && inMumbai.status === 200 && inDelhi.status === 403 && exact.status === 400,
    `guest at the city library ${guestHere.status} ${errorCode(guestHere)}; a reader in Mumbai ${inMumbai.status}, in Delhi a moment later ${inDelhi.status} ${errorCode(inDelhi)}; a 0 m fix ${exact.status} ${errorCode(exact)}`,
  );
  const zoneBody = (over: object) => ({ name: `Attack zone ${Math.random()}`, networks: ['45.77.41.0/24'], ...over });
  const wideZones = await Promise.all(
    [['0.0.0.0/0'], ['::/0'], ['10.0.0.0/8'], ['127.0.0.0/8'], ['45.0.0.0/8']].map((networks) =>
      librarian.call('POST', `/api/console/institutions/${demoU.id}/zones`, zoneBody({ networks })),
    ),
  );
  const beyond = await admin.call(
    'POST',
    `/api/console/institutions/${basic.id}/zones`,
    zoneBody({ opens: { all: false, sections: ['newspapers'] } }),
  );
  check(
    "a librarian's zone cannot cover the internet nor open more than the subscription",
    wideZones.every((r) => r.status === 400) && beyond.status === 400,
    `0.0.0.0/0, ::/0, 10.0.0.0/8, 127.0.0.0/8, 45.0.0.0/8: ${wideZones.map((r) => `${r.status} ${errorCode(r)}`).join(', ')}; newspapers from a school without them: ${beyond.status} ${errorCode(beyond)}`,
  );

  // The guest's device id is no credential: another client sending it gets an account of its own.
  const deviceId = `victim-device-${Date.now()}`;
  const victimGuest = await (await client(nextIp())).call('POST', '/api/guest/login', { uniqId: deviceId, os: 'web' });
  const takeover = await (await client(nextIp())).call('POST', '/api/guest/login', { uniqId: deviceId, os: 'web' });
  check(
    "a guest's device id does not sign anyone into that guest's account",
    victimGuest.status === 200 && takeover.status === 200 && JSON.parse(victimGuest.body).uuid !== JSON.parse(takeover.body).uuid,
    `the same uniqId from another client: ${takeover.status}, ${JSON.parse(victimGuest.body).uuid === JSON.parse(takeover.body).uuid ? 'the SAME account' : 'a new account'}`,
  );

  // Six image bombs at once: refused by their header, nothing decoded.
  const bombBefore = rss();
  const boundary = 'attack-boundary';
  const bomb = bombPng(6000, 6000);
  const logoForm = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    bomb,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const bombs = await Promise.all(
    Array.from({ length: 6 }, () =>
      librarian.call('POST', `/api/console/institutions/${demoU.id}/branding/logo`, logoForm, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      }),
    ),
  );
  check(
    'six logo image bombs at once are refused before decoding',
    bombs.every((r) => errorCode(r) === 'too_many_pixels') && rss() - bombBefore < 100,
    `${bomb.length} bytes declaring 6000 × 6000 each: ${bombs.map((r) => `${r.status} ${errorCode(r)}`).join(', ')}; server memory ${bombBefore.toFixed(0)} → ${rss().toFixed(0)} MB`,
  );

  // Edges: NUL in SUSHI, lenient numbers, an encoded /api, metrics not public.
  const edges = await Promise.all(
    [
      '/sushi/r51/reports/pr?requestor_id=%00&customer_id=1&api_key=x&begin_date=2026-01&end_date=2026-02',
      '/sushi/r51/status?customer_id=%00',
      '/content/magazine-filter?categoryID=BS&page=1e1',
      '/content/magazine-filter?categoryID=BS&page=%201',
    ].map((p) => tester.call('GET', p)),
  );
  const encodedApi = await tester.call('GET', '/%61pi/reader/downloads');
  const metrics = await request('GET', '/metrics', { from: nextIp() });
  check(
    'SUSHI, numbers and encoded paths: a 4xx, never the shell, never cacheable',
    edges.every((r) => r.status >= 400 && r.status < 500) &&
      !String(encodedApi.headers['content-type']).startsWith('text/html') &&
      /no-store/.test(String(encodedApi.headers['cache-control'])) &&
      !metrics.body.includes('# HELP'),
    `${edges.map((r) => r.status).join(', ')}; /%61pi/reader/downloads ${encodedApi.status} ${encodedApi.headers['content-type']} (${encodedApi.headers['cache-control']}); /metrics without a token: ${metrics.body.includes('# HELP') ? 'METRICS' : 'no metrics'}`,
  );

  // A production start on the demo's database refuses, with one line.
  const refusal = await new Promise<{ code: number | null; err: string }>((resolve) => {
    const child = spawn('npx', ['tsx', 'src/server/server.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-attack-prod-')),
        NODE_ENV: 'production',
        PORT: String(PORT + 1),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, err: err.trim() });
    });
  });
  check(
    "NODE_ENV=production on the demo's database refuses to start",
    refusal.code === 1 && /^Refusing to start/.test(refusal.err),
    `exit ${refusal.code}: ${refusal.err.split('\n')[0].slice(0, 140)}`,
  );

  // 7. Slow requests: headers that never finish are not held forever.
  const slowClosed = await new Promise<number>((resolve) => {
    const t = performance.now();
    const socket = net.connect({ host: '127.0.0.1', port: PORT, localAddress: nextIp() }, () =>
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n'),
    );
    const tick = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 5_000);
    const done = () => {
      clearInterval(tick);
      resolve((performance.now() - t) / 1000);
    };
    socket.on('close', done);
    socket.on('error', () => {});
    setTimeout(() => {
      socket.destroy();
    }, 150_000);
  });
  check('a request whose headers never end is closed within a minute', slowClosed < 60, `closed after ${slowClosed.toFixed(1)} s`);
} finally {
  await sql.end();
  await server.stop();
  cluster.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nCampaign: ${sent} requests sent; statuses ${Object.entries(statuses)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
);
if (fiveHundreds.length) console.log(`5xx answers:\n  ${[...new Set(fiveHundreds)].join('\n  ')}`);
const failed = checks.filter((c) => !c.ok);
console.log(
  `${checks.length - failed.length} of ${checks.length} checks held${failed.length ? `; FAILED: ${failed.map((c) => c.name).join('; ')}` : ''}`,
);
process.exit(failed.length || fiveHundreds.some((l) => !l.startsWith('503')) ? 1 : 0);
