// Sign-in as an attacker tries it: bursts of concurrent guesses against one code, one password,
// one access code; a stranger locking the owner out; new members minted at an institution's
// domain, and a stranger closing it to newcomers; a service-wide flood of failures from a few
// addresses; common passwords; a flood of password hashing. Races run with 200+ requests at once (on PostgreSQL through a pool of connections
// when LECTERN_TEST_DB=postgres).
// On PostgreSQL too: bursts of guesses at once through a pool of connections.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { HASHES_AT_ONCE, HASH_QUEUE, hashPassword, verifyPassword } from '../../src/server/services/passwords';
import { FAILURE_BUDGET, SLOW_MS } from '../../src/server/services/sign-in-guard';
import { LIMITS } from '../../src/server/services/rate-limit';
import * as endpoints from '../../src/shared/endpoints';

const BURST = 200;
const PASSWORD = 'quill42';
let t: TestContext;
let xsrf: string;
const outbox = memoryOutbox();
const logLines: string[] = [];

beforeAll(async () => {
  t = await testApp(
    async (db) => {
      await loadCatalogue(db);
      await db.exec(
        `INSERT INTO access_codes (code, institution_id, ends_at, max_uses) VALUES ('RACE-2026', ${FX.inst.active}, now() + interval '90 days', 100);`,
      );
      // Accounts with a password: the owner attacked below, and many for the per-client bursts.
      const hash = await hashPassword(PASSWORD);
      await db.query(
        `INSERT INTO users (uuid, email, email_verified, password_hash, first_name)
       SELECT gen_random_uuid(), 'member' || i || '@example.com', true, $1, 'M' FROM generate_series(1, $2) i`,
        [hash, BURST],
      );
      await db.query(
        `INSERT INTO users (uuid, email, email_verified, password_hash, first_name) VALUES (gen_random_uuid(), 'owner@example.com', true, $1, 'Owner')`,
        [hash],
      );
    },
    {
      mailer: outbox.mailer,
      sms: outbox.sms,
      logger: {
        level: 'warn',
        stream: {
          write: (line: string) => {
            logLines.push(line);
          },
        },
      },
    },
  );
  xsrf = await xsrfToken(t.app);
});
afterAll(() => t?.close());

/** A client whose calls come from one address, or from a new random one each (no ip). */
const client = (ip?: string) => apiClient(t.app, xsrf, ip ? { ip } : {});
const wrongCode = (code: string, n = 1) => String((Number(code) + n) % 10 ** code.length).padStart(code.length, '0');
const statusCounts = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe('one-time codes under a burst', () => {
  it('compares no more than five guesses of one code however many arrive at once; the right code after them fails', async () => {
    const email = 'target@example.com';
    const sent = await client().call(endpoints.loginOtpSend, { body: { channel: 'email', email } });
    const code = outbox.codeFor(email)!;
    // Every guess from its own address, so only the code's own try counter stands in the way.
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        client().call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code: wrongCode(code, 1 + i) } }),
      ),
    );
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect(answers.filter((a) => a.error.code === 'otp_wrong')).toHaveLength(4);
    const { rows } = await t.db.query<{ attempts: number }>(`SELECT attempts FROM otp_requests WHERE id = $1`, [sent.body.requestId]);
    expect(rows[0].attempts).toBe(5);
    const right = await client().call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code } });
    expect(right.status).toBe(400);
    expect(right.error.code).toBe('otp_expired');
    expect((await t.db.query(`SELECT 1 FROM users WHERE email = $1`, [email])).rows).toHaveLength(0);
  });

  it('a password reset code holds the same way', async () => {
    const email = 'owner@example.com';
    const sent = await client().call(endpoints.loginOtpSend, { body: { channel: 'email', email, purpose: 'reset' } });
    const code = outbox.codeFor(email)!;
    const body = (c: string) => ({ requestId: sent.body.requestId, code: c, password: 'pinecone7', confirmPassword: 'pinecone7' });
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => client().call(endpoints.loginOtpVerify, { body: body(wrongCode(code, 1 + i)) })),
    );
    expect(answers.filter((a) => a.error?.code === 'otp_wrong')).toHaveLength(4);
    expect((await client().call(endpoints.loginOtpVerify, { body: body(code) })).error.code).toBe('otp_expired');
    expect((await client().call(endpoints.loginPassword, { body: { channel: 'email', email, password: PASSWORD } })).status).toBe(200);
  });

  it('a link code (adding an address to an account) holds the same way', async () => {
    const sent = await client().call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'linker@example.com' } });
    const { jwtoken } = (
      await client().call(endpoints.loginOtpVerify, {
        body: { requestId: sent.body.requestId, code: outbox.codeFor('linker@example.com')! },
      })
    ).body;
    const link = await client().call(
      endpoints.loginOtpSend,
      { body: { channel: 'mobile', mobile: '9876500001', countryCode: '+91', purpose: 'link' } },
      jwtoken,
    );
    expect(link.status).toBe(200);
    const code = outbox.codeFor('+919876500001')!;
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        client().call(endpoints.accountLink, { body: { requestId: link.body.requestId, code: wrongCode(code, 1 + i) } }, jwtoken),
      ),
    );
    expect(answers.filter((a) => a.error?.code === 'otp_wrong')).toHaveLength(4);
    expect((await client().call(endpoints.accountLink, { body: { requestId: link.body.requestId, code } }, jwtoken)).error.code).toBe(
      'otp_expired',
    );
    expect((await t.db.query(`SELECT 1 FROM users WHERE mobile = '+919876500001'`)).rows).toHaveLength(0);
  });

  it('a contact that drew many wrong codes gets codes of one try; the owner, who reads the code, still signs in', async () => {
    const email = 'often@example.com';
    for (let round = 0; round < 2; round++) {
      const sent = await client().call(endpoints.loginOtpSend, { body: { channel: 'email', email } });
      const code = outbox.codeFor(email)!;
      for (let i = 1; i <= 5; i++)
        await client().call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code: wrongCode(code, i) } });
    }
    const guessed = await client().call(endpoints.loginOtpSend, { body: { channel: 'email', email } });
    const once = await client().call(endpoints.loginOtpVerify, {
      body: {
        requestId: guessed.body.requestId,
        code: wrongCode(outbox.codeFor(email)!),
      },
    });
    expect(once.error.code).toBe('otp_expired');
    const own = await client().call(endpoints.loginOtpSend, { body: { channel: 'email', email } });
    expect(
      (await client().call(endpoints.loginOtpVerify, { body: { requestId: own.body.requestId, code: outbox.codeFor(email)! } })).status,
    ).toBe(200);
  });
});

describe('passwords under a burst', () => {
  it('checks no more than 10 wrong passwords of one account from one client at once; the right one after them is refused there', async () => {
    const stranger = client('203.0.113.50');
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        stranger.call(endpoints.loginPassword, { body: { channel: 'email', email: 'member1@example.com', password: `guess${i}` } }),
      ),
    );
    expect(statusCounts(answers.map((a) => a.status))).toEqual({
      401: LIMITS.loginFailPerContactIp.max,
      429: BURST - LIMITS.loginFailPerContactIp.max,
    });
    expect(
      (await stranger.call(endpoints.loginPassword, { body: { channel: 'email', email: 'member1@example.com', password: PASSWORD } }))
        .status,
    ).toBe(429);
  });

  it('checks no more than 50 wrong passwords from one client at once over many accounts, refused before hashing', async () => {
    const stranger = client('203.0.113.51');
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        stranger.call(endpoints.loginPassword, { body: { channel: 'email', email: `member${i + 1}@example.com`, password: 'wrong1' } }),
      ),
    );
    expect(statusCounts(answers.map((a) => a.status))).toEqual({ 401: LIMITS.loginFailPerIp.max, 429: BURST - LIMITS.loginFailPerIp.max });
  });

  it("a stranger's wrong passwords do not lock the owner out on their own device, by password or by code", async () => {
    const stranger = client('203.0.113.52');
    for (let i = 0; i < 12; i++)
      await stranger.call(endpoints.loginPassword, { body: { channel: 'email', email: 'owner@example.com', password: `nope${i}` } });
    expect(
      (await stranger.call(endpoints.loginPassword, { body: { channel: 'email', email: 'owner@example.com', password: PASSWORD } })).status,
    ).toBe(429);
    const device = client('198.51.100.20');
    expect(
      (await device.call(endpoints.loginPassword, { body: { channel: 'email', email: 'owner@example.com', password: PASSWORD } })).status,
    ).toBe(200);
    const sent = await device.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'owner@example.com' } });
    expect(
      (
        await device.call(endpoints.loginOtpVerify, {
          body: { requestId: sent.body.requestId, code: outbox.codeFor('owner@example.com')! },
        })
      ).status,
    ).toBe(200);
  });
});

describe('changing the password', () => {
  it('counts wrong current passwords like wrong sign-ins: a burst checks no more than 10 from one client', async () => {
    const device = client('198.51.100.33');
    const { jwtoken } = (
      await device.call(endpoints.loginPassword, { body: { channel: 'email', email: 'member180@example.com', password: PASSWORD } })
    ).body;
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        device.call(
          endpoints.userPassword,
          { body: { currentPassword: `guess${i}`, password: 'birch-55', confirmPassword: 'birch-55' } },
          jwtoken,
        ),
      ),
    );
    expect(statusCounts(answers.map((a) => a.status))).toEqual({
      400: LIMITS.loginFailPerContactIp.max,
      429: BURST - LIMITS.loginFailPerContactIp.max,
    });
  });
});

describe('access codes under a burst', () => {
  it('checks no more than 10 wrong access codes of one account at once', async () => {
    const sent = await client().call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'coupon-racer@example.com' } });
    const { jwtoken } = (
      await client().call(endpoints.loginOtpVerify, {
        body: { requestId: sent.body.requestId, code: outbox.codeFor('coupon-racer@example.com')! },
      })
    ).body;
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => client().call(endpoints.couponValidate, { body: { code: `NOPE-${i}` } }, jwtoken)),
    );
    expect(statusCounts(answers.map((a) => a.status))).toEqual({
      400: LIMITS.couponFailPerUser.max,
      429: BURST - LIMITS.couponFailPerUser.max,
    });
    expect((await client().call(endpoints.couponValidate, { body: { code: 'RACE-2026' } }, jwtoken)).status).toBe(429);
  });
});

describe('new members at an institution domain', () => {
  it('one client cannot close a domain to newcomers; a ceiling over all clients still bounds the codes sent there', async () => {
    // A burst from one stranger spends that client's share of the domain only.
    const stranger = client('203.0.113.60');
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        stranger.call(endpoints.loginOtpSend, { body: { channel: 'email', email: `mint${i}@active.edu` } }),
      ),
    );
    expect(statusCounts(burst.map((a) => a.status))).toEqual({
      200: LIMITS.otpSendNewPerDomainClient.max,
      429: 60 - LIMITS.otpSendNewPerDomainClient.max,
    });
    expect(
      (await client('198.51.100.60').call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'fresh@active.edu' } })).status,
    ).toBe(200);

    // Many clients at once: no more than the ceiling is sent, however the requests interleave.
    const sentSoFar = LIMITS.otpSendNewPerDomainClient.max + 1;
    const clients = Array.from({ length: 15 }, (_, c) => client(`198.18.${c}.60`));
    const flood = await Promise.all(
      clients.flatMap((c, k) =>
        Array.from({ length: LIMITS.otpSendNewPerDomainClient.max }, (_, i) =>
          c.call(endpoints.loginOtpSend, { body: { channel: 'email', email: `flood${k}-${i}@active.edu` } }),
        ),
      ),
    );
    expect(statusCounts(flood.map((a) => a.status))).toEqual({
      200: LIMITS.otpSendNewPerDomain.max - sentSoFar,
      429: flood.length - (LIMITS.otpSendNewPerDomain.max - sentSoFar),
    });
    // An existing member of the domain, and another domain, still get codes.
    await t.db.query(
      `INSERT INTO users (uuid, email, email_verified, institution_id) VALUES (gen_random_uuid(), 'staff@active.edu', true, $1)`,
      [FX.inst.active],
    );
    expect((await client().call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'staff@active.edu' } })).status).toBe(200);
    expect((await client().call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'mint99@example.com' } })).status).toBe(200);
  });

  it("one client's wrong codes at a domain refuse that client only: a newcomer elsewhere signs in with the right code", async () => {
    const stranger = client('203.0.113.61');
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const email = `guess${n}@basic.edu`;
      const sent = await stranger.call(endpoints.loginOtpSend, { body: { channel: 'email', email } });
      const code = outbox.codeFor(email)!;
      for (let i = 1; i <= 5; i++)
        statuses.push(
          (await stranger.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code: wrongCode(code, i) } })).status,
        );
    }
    const own = LIMITS.codeFailNewPerDomainClient.max;
    expect(statusCounts(statuses)).toEqual({ 400: own, 429: 30 - own });
    const newcomer = client('198.51.100.61');
    const sent = await newcomer.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'last@basic.edu' } });
    const res = await newcomer.call(endpoints.loginOtpVerify, {
      body: { requestId: sent.body.requestId, code: outbox.codeFor('last@basic.edu')! },
    });
    expect(res.status).toBe(200);
    expect((await t.db.query(`SELECT email FROM users WHERE email LIKE '%@basic.edu'`)).rows).toEqual([{ email: 'last@basic.edu' }]);
  });

  it('past the domain ceiling nobody is refused: a right code signs in, a guessed code allows one try however many race', async () => {
    const ceiling = LIMITS.codeFailNewPerDomain.max;
    // Guesses from many clients at once, five for each of ceiling/5 codes: each is compared, and
    // the ceiling counts exactly that many.
    const sender = client('203.0.113.62');
    const codes = [];
    for (let n = 0; n < ceiling / 5; n++) {
      const email = `try${n}@expired.edu`;
      const sent = await sender.call(endpoints.loginOtpSend, { body: { channel: 'email', email } });
      codes.push({ requestId: sent.body.requestId, code: outbox.codeFor(email)! });
    }
    const guesses = await Promise.all(
      codes.flatMap((c) =>
        Array.from({ length: 5 }, (_, i) =>
          client().call(endpoints.loginOtpVerify, { body: { requestId: c.requestId, code: wrongCode(c.code, i + 1) } }),
        ),
      ),
    );
    expect(guesses.every((g) => g.status === 400)).toBe(true);
    expect(guesses.filter((g) => g.error.code === 'otp_wrong')).toHaveLength((ceiling / 5) * 4);
    const counter = async (bucket: string, key: string) =>
      (
        await t.db.query<{ n: number }>(`SELECT coalesce(sum(n), 0)::int AS n FROM rate_counters WHERE bucket = $1 AND key = $2`, [
          bucket,
          key,
        ])
      ).rows[0].n;
    expect(await counter(LIMITS.codeFailNewPerDomain.bucket, 'expired.edu')).toBe(ceiling);

    // A newcomer who reads their code signs in.
    const newcomer = client('198.51.100.62');
    const own = await newcomer.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'reader@expired.edu' } });
    expect(
      (
        await newcomer.call(endpoints.loginOtpVerify, {
          body: { requestId: own.body.requestId, code: outbox.codeFor('reader@expired.edu')! },
        })
      ).status,
    ).toBe(200);

    // A guesser's code: 50 guesses at once from 50 clients, one is compared, then the code is spent.
    const target = await client().call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'target@expired.edu' } });
    const code = outbox.codeFor('target@expired.edu')!;
    const race = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        client().call(endpoints.loginOtpVerify, { body: { requestId: target.body.requestId, code: wrongCode(code, i + 1) } }),
      ),
    );
    expect(race.map((r) => r.error.code)).toEqual(Array(50).fill('otp_expired'));
    expect(await counter('code-fail-contact', 'email:target@expired.edu')).toBe(1);
    expect((await client().call(endpoints.loginOtpVerify, { body: { requestId: target.body.requestId, code } })).error.code).toBe(
      'otp_expired',
    );
    expect((await t.db.query(`SELECT email FROM users WHERE email LIKE '%@expired.edu'`)).rows).toEqual([{ email: 'reader@expired.edu' }]);
  });
});

describe('the service-wide failure budget', () => {
  it('eleven addresses failing 50 times each raise one alert and slow themselves, not everyone else', async () => {
    // This hour's window starts empty of the failures earlier tests left.
    await t.db.query(`DELETE FROM rate_counters WHERE bucket LIKE 'signin-%'`);
    const failing = Array.from({ length: 11 }, (_, i) => client(`198.18.${100 + i}.9`));
    const wrongDeviceCode = (i: number) => `WRXNGCD${'ABCDEFGHJKLMNPQRSTUV'[i % 20]}`;
    const sleeps = vi.spyOn(globalThis, 'setTimeout');
    try {
      // 550 wrong device codes at once, the eleven addresses taking turns.
      const flood = await Promise.all(
        Array.from({ length: LIMITS.loginFailPerIp.max }, (_, i) =>
          failing.map((c) => c.call(endpoints.loginGencode, { body: { code: wrongDeviceCode(i) } })),
        ).flat(),
      );
      expect(flood.every((f) => f.status === 401)).toBe(true);
      const alerts = logLines.filter((l) => l.includes('SIGN-IN ALERT'));
      expect(alerts).toHaveLength(1);
      const alert = JSON.parse(alerts[0]);
      expect(alert.level).toBeGreaterThanOrEqual(50);
      expect(alert.failures).toBeGreaterThanOrEqual(FAILURE_BUDGET.max);
      expect(alert.networks).toBe(11);

      // Someone on another network: not slowed, signs in.
      sleeps.mockClear();
      const bystander = client('192.0.2.44');
      expect(
        (await bystander.call(endpoints.loginPassword, { body: { channel: 'email', email: 'member150@example.com', password: PASSWORD } }))
          .status,
      ).toBe(200);
      expect(
        (await bystander.call(endpoints.loginPassword, { body: { channel: 'email', email: 'member150@example.com', password: 'x1yz' } }))
          .status,
      ).toBe(401);
      expect(sleeps.mock.calls.filter((c) => c[1] === SLOW_MS)).toHaveLength(0);
      // One of the failing addresses (or its network) waits before every try.
      expect((await failing[0].call(endpoints.loginGencode, { body: { code: 'WRXNGCDX' } })).status).toBe(429);
      expect((await client('198.18.100.10').call(endpoints.loginGencode, { body: { code: 'WRXNGCDY' } })).status).toBe(401);
      expect(sleeps.mock.calls.filter((c) => c[1] === SLOW_MS)).toHaveLength(2);
    } finally {
      sleeps.mockRestore();
      await t.db.query(`DELETE FROM rate_counters WHERE bucket LIKE 'signin-%'`);
    }
  });
});

describe('common passwords', () => {
  it('refuses the most common passwords at sign-up, change and reset, with a clear message', async () => {
    const common = { message: 'This password is too common. Choose another one.' };
    const sent = await client().call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'newcomer@example.com' } });
    const { jwtoken } = (
      await client().call(endpoints.loginOtpVerify, {
        body: { requestId: sent.body.requestId, code: outbox.codeFor('newcomer@example.com')! },
      })
    ).body;
    for (const password of ['password', 'Qwerty123', '12345678', 'iloveyou']) {
      const res = await client().call(
        endpoints.userSignup,
        { body: { fullName: 'New Comer', password, confirmPassword: password } },
        jwtoken,
      );
      expect(res.status, password).toBe(400);
      expect(res.error).toMatchObject(common);
    }
    expect(
      (
        await client().call(
          endpoints.userSignup,
          { body: { fullName: 'New Comer', password: 'pinecone7', confirmPassword: 'pinecone7' } },
          jwtoken,
        )
      ).status,
    ).toBe(200);
    const change = await client().call(
      endpoints.userPassword,
      { body: { currentPassword: 'pinecone7', password: 'letmein1', confirmPassword: 'letmein1' } },
      jwtoken,
    );
    expect(change.status).toBe(400);
    expect(change.error).toMatchObject(common);

    // A reset refuses a common password before spending the code: the same code then works.
    const reset = await client().call(endpoints.loginOtpSend, {
      body: { channel: 'email', email: 'newcomer@example.com', purpose: 'reset' },
    });
    const code = outbox.codeFor('newcomer@example.com')!;
    const refused = await client().call(endpoints.loginOtpVerify, {
      body: {
        requestId: reset.body.requestId,
        code,
        password: 'sunshine',
        confirmPassword: 'sunshine',
      },
    });
    expect(refused.error).toMatchObject(common);
    expect(
      (
        await client().call(endpoints.loginOtpVerify, {
          body: {
            requestId: reset.body.requestId,
            code,
            password: 'maple-81',
            confirmPassword: 'maple-81',
          },
        })
      ).status,
    ).toBe(200);
    expect(
      (await client().call(endpoints.loginPassword, { body: { channel: 'email', email: 'newcomer@example.com', password: 'maple-81' } }))
        .status,
    ).toBe(200);
  });
});

describe('password hashing', () => {
  it(`runs at most ${HASHES_AT_ONCE} hashes at once with ${HASH_QUEUE} waiting, and refuses the rest at once`, async () => {
    const stored = await hashPassword(PASSWORD);
    const tries = await Promise.allSettled(Array.from({ length: 80 }, () => verifyPassword('wrong', stored)));
    const refused = tries.filter((r) => r.status === 'rejected');
    expect(tries.filter((r) => r.status === 'fulfilled')).toHaveLength(HASHES_AT_ONCE + HASH_QUEUE);
    expect(refused).toHaveLength(80 - HASHES_AT_ONCE - HASH_QUEUE);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 503,
      code: 'busy',
      message: 'Many people are signing in right now. Please try again in a moment.',
    });
    // The queue drains: a try after the flood is checked as usual.
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
  });

  it('a flood of password sign-ins from many clients answers 401, or 503 busy past the queue: never a 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        client().call(endpoints.loginPassword, { body: { channel: 'email', email: `member${i + 1}@example.com`, password: 'flood1' } }),
      ),
    );
    for (const a of answers) {
      expect([401, 429, 503]).toContain(a.status);
      if (a.status === 503) expect(a.error.code).toBe('busy');
    }
  });
});
