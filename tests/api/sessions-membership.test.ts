// Sessions with a sliding lifetime, reader tokens that stop with their session, one membership
// rule, multi-step writes in one transaction, and the downloads limit under concurrency.
// On PostgreSQL too: downloads at once against the issue and device limits, and the pool.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { SESSION_IDLE_DAYS, SESSION_MAX_DAYS } from '../../src/server/repositories/sessions';
import { loadConfig } from '../../src/server/config';
import { housekeeping } from '../../src/server/jobs/housekeeping';
import { findUserById, linkByDomain } from '../../src/server/repositories/users';
import { joinInstitution } from '../../src/server/repositories/membership';
import { decideIdRequest } from '../../src/server/repositories/id-requests';
import { openPostgres } from '../../src/server/db/index';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await testApp(loadCatalogue, { config: { downloadLimit: 3, deviceLimit: 2 } });
  api = apiClient(t.app, await xsrfToken(t.app));
  // A way to make one user's writes fail, to see multi-step writes leave nothing half done.
  await t.db.exec(`
    CREATE TABLE test_failing_users (user_id integer PRIMARY KEY);
    CREATE FUNCTION test_fail_session() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM test_failing_users f WHERE f.user_id = NEW.user_id) THEN RAISE EXCEPTION 'test: this write fails'; END IF;
      RETURN NEW;
    END $$;
    CREATE FUNCTION test_fail_user() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM test_failing_users f WHERE f.user_id = NEW.id) THEN RAISE EXCEPTION 'test: this write fails'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER test_fail_sessions BEFORE UPDATE ON user_sessions FOR EACH ROW EXECUTE FUNCTION test_fail_session();
    CREATE TRIGGER test_fail_users BEFORE UPDATE OF institution_id ON users FOR EACH ROW EXECUTE FUNCTION test_fail_user();
  `);
});
afterAll(() => t?.close());

const sql = <T = Record<string, any>>(text: string, params: unknown[] = []) => t.db.query<T>(text, params).then((r) => r.rows);

/** A reader of the institution with this code (null: none). */
async function newReader(email: string, conCode: string | null = 'ACT'): Promise<number> {
  const [{ id }] = await sql<{ id: number }>(
    `INSERT INTO users (uuid, email, email_verified, institution_id) VALUES ($1, $2, true, (SELECT id FROM institutions WHERE con_code = $3)) RETURNING id`,
    [crypto.randomUUID(), email, conCode],
  );
  return id;
}
/** Opens a session as sign-in does and returns its token. */
const session = (userId: number) => t.app.issueToken(userId, { headers: {} } as FastifyRequest);
const sessionId = (token: string) => decodeJwt(token).sid as string;
const details = (token: string) => api.call(endpoints.userDetails, {}, token);
const firstIssue = async (mid: number) =>
  (await sql<{ issue_id: number }>('SELECT min(issue_id) AS issue_id FROM issues WHERE mid = $1', [mid]))[0].issue_id;

describe('session lifetime', () => {
  it('the token expires when the session must end at the latest, not after a year', async () => {
    const token = await session(await newReader('cap@active.edu'));
    const exp = decodeJwt(token).exp! * 1000;
    expect(Math.abs(exp - (Date.now() + SESSION_MAX_DAYS * 86_400_000))).toBeLessThan(3_600_000);
    expect(SESSION_MAX_DAYS).toBeLessThan(365);
    const [row] = await sql<{ ends_in_days: number }>(
      `SELECT extract(epoch FROM expires_at - now()) / 86400 AS ends_in_days FROM user_sessions WHERE id = $1`,
      [sessionId(token)],
    );
    expect(Math.round(Number(row.ends_in_days))).toBe(SESSION_MAX_DAYS);
  });

  it('slides: a session used within the idle window lives on (and is touched), an idle one ends', async () => {
    const user = await newReader('idle@active.edu');
    const used = await session(user);
    const idle = await session(user);
    await sql(`UPDATE user_sessions SET last_seen_at = now() - make_interval(days => $2) WHERE id = $1`, [
      sessionId(used),
      SESSION_IDLE_DAYS - 1,
    ]);
    await sql(`UPDATE user_sessions SET last_seen_at = now() - make_interval(days => $2) WHERE id = $1`, [
      sessionId(idle),
      SESSION_IDLE_DAYS + 1,
    ]);
    expect((await details(used)).status).toBe(200);
    const [touched] = await sql<{ age_s: number }>(
      `SELECT extract(epoch FROM now() - last_seen_at) AS age_s FROM user_sessions WHERE id = $1`,
      [sessionId(used)],
    );
    expect(Number(touched.age_s)).toBeLessThan(60);
    expect((await details(idle)).status).toBe(401);
  });

  it('is touched at most once a day (no write on every request)', async () => {
    const token = await session(await newReader('touch@active.edu'));
    await sql(`UPDATE user_sessions SET last_seen_at = now() - interval '3 hours' WHERE id = $1`, [sessionId(token)]);
    expect((await details(token)).status).toBe(200);
    const [row] = await sql<{ hours: number }>(
      `SELECT round(extract(epoch FROM now() - last_seen_at) / 3600) AS hours FROM user_sessions WHERE id = $1`,
      [sessionId(token)],
    );
    expect(Number(row.hours)).toBe(3);
  });

  it('is forgotten by the housekeeping job a month after it ended', async () => {
    const user = await newReader('old-sessions@active.edu');
    const [live, revoked, lapsed] = [await session(user), await session(user), await session(user)];
    await sql(`UPDATE user_sessions SET revoked_at = now() - interval '31 days' WHERE id = $1`, [sessionId(revoked)]);
    await sql(`UPDATE user_sessions SET last_seen_at = now() - make_interval(days => $2) WHERE id = $1`, [
      sessionId(lapsed),
      SESSION_IDLE_DAYS + 31,
    ]);
    await housekeeping(t.db, t.dataDir);
    const left = await sql<{ id: string }>('SELECT id::text FROM user_sessions WHERE user_id = $1', [user]);
    expect(left.map((r) => r.id)).toEqual([sessionId(live)]);
  });

  it('ends at its hard cap even when used every day', async () => {
    const token = await session(await newReader('capped@active.edu'));
    await sql(`UPDATE user_sessions SET expires_at = now() - interval '1 minute' WHERE id = $1`, [sessionId(token)]);
    expect((await details(token)).status).toBe(401);
  });
});

describe('reader tokens stop when their session ends', () => {
  const pageText = (issue: number, code: string) =>
    api.call(endpoints.readerPageText, { params: { issueId: issue, page: 1 }, query: { code: code } });
  async function readerCode(token: string, issue: number): Promise<string> {
    const res = await api.call(endpoints.readerToken, { body: { issue } }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.code;
  }

  it('at logout', async () => {
    const token = await session(await newReader('logout@active.edu'));
    const issue = await firstIssue(FX.mid.biz);
    const code = await readerCode(token, issue);
    expect((await pageText(issue, code)).status).toBe(200);
    expect((await api.call(endpoints.logout, {}, token)).status).toBe(200);
    const after = await pageText(issue, code);
    expect(after.status).toBe(403);
    expect((await api.call(endpoints.readerIssue, { params: { issueId: issue }, query: { code: code } })).status).toBe(403);
  });

  it('at a password change (the other sessions; the one that changed it reads on)', async () => {
    const user = await newReader('change@active.edu');
    const [phone, laptop] = [await session(user), await session(user)];
    const issue = await firstIssue(FX.mid.biz);
    const [phoneCode, laptopCode] = [await readerCode(phone, issue), await readerCode(laptop, issue)];
    const changed = await api.call(endpoints.userPassword, { body: { password: 'Qz7#lamp', confirmPassword: 'Qz7#lamp' } }, laptop);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await pageText(issue, phoneCode)).status).toBe(403);
    expect((await pageText(issue, laptopCode)).status).toBe(200);
  });

  it('at account deletion, and when the session lapses', async () => {
    const user = await newReader('leaving@active.edu');
    const token = await session(user);
    const issue = await firstIssue(FX.mid.biz);
    const code = await readerCode(token, issue);
    expect((await api.call(endpoints.userDelete, {}, token)).status).toBe(200);
    expect((await pageText(issue, code)).status).toBe(403);

    const other = await session(await newReader('lapsing@active.edu'));
    const otherCode = await readerCode(other, issue);
    await sql(`UPDATE user_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [sessionId(other)]);
    expect((await pageText(issue, otherCode)).status).toBe(403);
  });
});

const institutionOf = async (userId: number) =>
  (
    await sql<{ con_code: string | null }>(
      'SELECT i.con_code FROM users u LEFT JOIN institutions i ON i.id = u.institution_id WHERE u.id = $1',
      [userId],
    )
  )[0].con_code;
const instId = async (conCode: string) => (await sql<{ id: number }>('SELECT id FROM institutions WHERE con_code = $1', [conCode]))[0].id;

describe('one membership rule', () => {
  it('joining never takes live access away: an ended institution attaches only a reader with no live access', async () => {
    const member = await newReader('member@active.edu', 'ACT');
    expect(await joinInstitution(t.db, member, await instId('EXP'))).toBe(false);
    expect(await institutionOf(member)).toBe('ACT');
    const nobody = await newReader('nobody@gmail.example', null);
    expect(await joinInstitution(t.db, nobody, await instId('EXP'))).toBe(true);
    expect(await institutionOf(nobody)).toBe('EXP');
    expect(await joinInstitution(t.db, nobody, await instId('BAS'))).toBe(true);
    expect(await institutionOf(nobody)).toBe('BAS');
  });

  it('an approved ID request follows the same rule (it used to move a member onto an ended institution)', async () => {
    const member = await newReader('idcard@active.edu', 'ACT');
    const [{ id }] = await sql<{ id: number }>(
      `INSERT INTO id_uploads (user_id, institution_id, file_name, mime, bytes) VALUES ($1, $2, 'x.png', 'image/png', 1) RETURNING id`,
      [member, await instId('EXP')],
    );
    expect(await decideIdRequest(t.db, t.dataDir, { id, institutionId: null, actorId: null, decision: 'approve' })).toMatchObject({
      joined: false,
    });
    expect(await institutionOf(member)).toBe('ACT');
  });

  it('signing in brings a reader whose access code ended back to the institution of their address', async () => {
    const reader = await newReader('back@active.edu', 'BAS');
    await sql(`UPDATE users SET access_ends_at = now() - interval '1 day' WHERE id = $1`, [reader]);
    await linkByDomain(t.db, await findUserById(t.db, reader));
    expect(await institutionOf(reader)).toBe('ACT');
    // A reader with live access keeps it.
    const coded = await newReader('coded@active.edu', 'BAS');
    await linkByDomain(t.db, await findUserById(t.db, coded));
    expect(await institutionOf(coded)).toBe('BAS');
  });

  it('the user details and the reader agree on when access ends (one rule for both)', async () => {
    const reader = await newReader('ended@active.edu', 'ACT');
    await sql(`UPDATE users SET access_ends_at = now() - interval '1 hour' WHERE id = $1`, [reader]);
    const token = await session(reader);
    expect((await details(token)).body).toMatchObject({ libid: FX.inst.active, isLibContentAvailable: 0 });
    expect((await api.call(endpoints.readerToken, { body: { issue: await firstIssue(FX.mid.biz) } }, token)).error.code).toBe(
      'subscription_expired',
    );
  });
});

describe('multi-step writes are all or nothing', () => {
  const failWritesOf = (userId: number) => sql('INSERT INTO test_failing_users VALUES ($1)', [userId]);

  it('a password change whose sessions cannot be ended keeps the old password', async () => {
    const user = await newReader('atomic-change@active.edu');
    const [keep] = [await session(user), await session(user)];
    await failWritesOf(user);
    expect((await api.call(endpoints.userPassword, { body: { password: 'Qz7#lamp', confirmPassword: 'Qz7#lamp' } }, keep)).status).toBe(
      500,
    );
    expect((await findUserById(t.db, user)).password_hash).toBeNull();
  });

  it('a deletion request whose sessions cannot be ended is not recorded', async () => {
    const user = await newReader('atomic-delete@active.edu');
    const token = await session(user);
    await failWritesOf(user);
    expect((await api.call(endpoints.userDelete, {}, token)).status).toBe(500);
    expect((await sql<{ delete_after: Date | null }>('SELECT delete_after FROM users WHERE id = $1', [user]))[0].delete_after).toBeNull();
  });

  it('an ID approval that cannot attach the reader stays pending', async () => {
    const user = await newReader('atomic-id@gmail.example', null);
    const [{ id }] = await sql<{ id: number }>(
      `INSERT INTO id_uploads (user_id, institution_id, file_name, mime, bytes) VALUES ($1, $2, 'y.png', 'image/png', 1) RETURNING id`,
      [user, await instId('ACT')],
    );
    await failWritesOf(user);
    await expect(decideIdRequest(t.db, t.dataDir, { id, institutionId: null, actorId: null, decision: 'approve' })).rejects.toThrow(
      /this write fails/,
    );
    expect((await sql<{ status: string }>('SELECT status FROM id_uploads WHERE id = $1', [id]))[0].status).toBe('pending');
  });
});

describe('downloads limit under concurrency', () => {
  it('50 concurrent downloads over 5 devices never pass the issue limit (3) or the device limit (2)', async () => {
    const user = await newReader('burst@active.edu');
    const token = await session(user);
    const readable = (
      await sql<{ issue_id: number }>(`SELECT issue_id FROM issues WHERE mid = ANY($1::int[]) ORDER BY issue_id`, [
        [FX.mid.biz, FX.mid.tech, FX.mid.hindiMag, FX.mid.journal, FX.mid.paper],
      ])
    ).map((r) => r.issue_id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.call(
          endpoints.readerDownloadsAdd,
          { body: { issueId: readable[i % readable.length], deviceId: `device-${i % 5}-burst` } },
          token,
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 200 || s === 403),
      JSON.stringify(statuses),
    ).toBe(true);
    const [kept] = await sql<{ issues: number; devices: number }>(
      `SELECT count(*)::int AS issues, count(DISTINCT device_id)::int AS devices FROM downloads WHERE user_id = $1`,
      [user],
    );
    expect(kept.issues).toBe(3);
    expect(kept.devices).toBeLessThanOrEqual(2);
    expect(statuses.filter((s) => s === 403).length).toBeGreaterThan(0);
  });
});

describe('the PostgreSQL pool', () => {
  it('takes its size and statement time limit from DATABASE_POOL_MAX and DATABASE_STATEMENT_TIMEOUT_MS', () => {
    expect(loadConfig({})).toMatchObject({ databasePoolMax: 10, databaseStatementTimeoutMs: 15_000 });
    expect(loadConfig({ DATABASE_POOL_MAX: '25', DATABASE_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({
      databasePoolMax: 25,
      databaseStatementTimeoutMs: 0,
    });
  });

  // These need a real server (the PostgreSQL run of the suite).
  if (process.env.LECTERN_TEST_DB === 'postgres') {
    it('an idle connection that breaks is reported, not fatal, and the pool opens another', async () => {
      const errors: Error[] = [];
      const db = await openPostgres(`${inject('pgBaseUrl')}?application_name=pool-test`, { max: 3, onError: (err) => errors.push(err) });
      try {
        // Three connections, then two of them ended by the server while idle.
        await Promise.all([1, 2, 3].map(() => db.query('SELECT pg_sleep(0.05)')));
        const killed = await db.query<{ n: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
           WHERE application_name = 'pool-test' AND pid <> pg_backend_pid() AND state = 'idle'`,
        );
        expect(killed.rows[0].n).toBeGreaterThan(0);
        for (let i = 0; i < 100 && errors.length < killed.rows[0].n; i++) await new Promise((r) => setTimeout(r, 20));
        expect(errors.length).toBe(killed.rows[0].n);
        const again = await Promise.all([1, 2, 3].map(() => db.query<{ one: number }>('SELECT 1 AS one')));
        expect(again.map((r) => r.rows[0].one)).toEqual([1, 1, 1]);
      } finally {
        await db.close();
      }
    });

    it('cancels a statement that runs past the time limit, and the connection stays usable', async () => {
      const db = await openPostgres(inject('pgBaseUrl'), { max: 1, statementTimeoutMs: 200 });
      try {
        await expect(db.query('SELECT pg_sleep(3)')).rejects.toMatchObject({ code: '57014' });
        expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows[0].one).toBe(1);
      } finally {
        await db.close();
      }
    });
  }
});
