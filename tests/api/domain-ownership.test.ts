// An institution's e-mail domain counts only once proven: by its DNS TXT record, looked up through
// node:dns against a DNS server on loopback, or by a Lectern admin's approval. Until then it lets
// nobody in; a squatter's claim does not block the owner; accounts made before a domain counted
// are not moved by it; two institutions proving one domain at once cannot both hold it.
// On PostgreSQL too: two institutions proving one domain at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { ADMIN, LIB, OTHER, grantTestConsoleRoles } from '../support/console-roles';
import { startDnsServer, type DnsServer } from '../support/dns-server';
import type { InstitutionDomain } from '../../src/shared/schemas/console-access';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
let dns: DnsServer;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};
const ACTIVE = FX.inst.active;
const EXPIRED = FX.inst.expired;
const DOMAIN_CALLS = {
  add: endpoints.consoleAccessDomains,
  check: endpoints.consoleAccessDomainsCheck,
  approve: endpoints.consoleAccessDomainsApprove,
  refuse: endpoints.consoleAccessDomainsRefuse,
};
/** Adds, checks, approves or refuses one of an institution's domains. */
const domains = (call: keyof typeof DOMAIN_CALLS, id: number, domain: string, token: string) =>
  api.call(DOMAIN_CALLS[call], { params: { institutionId: id }, body: { domain } }, token);
const claim = (body: { domains: InstitutionDomain[] }, domain: string) => body.domains.find((d) => d.domain === domain)!;
const reader = async (email: string) => (await signInByCode(t.db, api, outbox, email)).token;
const libid = async (token: string) => (await api.call(endpoints.userDetails, {}, token)).body.libid;
const lastAudit = async () =>
  (await t.db.query('SELECT actor, institution_id, action, target, before, after FROM console_audit ORDER BY id DESC LIMIT 1')).rows[0];

beforeAll(async () => {
  dns = await startDnsServer();
  t = await testApp(loadCatalogue, { mailer: outbox.mailer, config: { dnsServers: [dns.server] } });
  api = apiClient(t.app, await xsrfToken(t.app));
  for (const email of [LIB, OTHER, ADMIN]) tokens[email] = await reader(email);
  await grantTestConsoleRoles(t.db);
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

describe('a pending domain', () => {
  it('lets nobody in: no membership at sign-up, and no per-domain limit treats its addresses as new members', async () => {
    const added = await domains('add', ACTIVE, 'pending.edu', tokens[LIB]);
    expect(claim(added.body, 'pending.edu').state).toBe('pending');
    expect(await libid(await reader('first@pending.edu'))).toBe(0);
    const counted = await t.db.query(`SELECT 1 FROM rate_counters WHERE bucket LIKE '%new-domain' AND key = 'pending.edu'`);
    expect(counted.rows).toEqual([]);
  });
});

describe('proof by DNS', () => {
  it('shows the record to publish; Check now finds no record, then a wrong one, then the right one: verified, audited, new members join', async () => {
    const added = await domains('add', ACTIVE, 'proven.edu', tokens[LIB]);
    const { record } = claim(added.body, 'proven.edu');
    expect(record!.name).toBe('_lectern.proven.edu');

    const none = await domains('check', ACTIVE, 'proven.edu', tokens[LIB]);
    expect(none.status).toBe(200);
    expect(claim(none.body, 'proven.edu')).toMatchObject({ state: 'pending', checkResult: 'absent', checkedAt: expect.any(String) });
    expect(dns.asked).toContain('_lectern.proven.edu');

    // Another institution's token (or any other text) is not this claim's proof.
    dns.setTxt('_lectern.proven.edu', 'lectern-verify=0123456789abcdef0123456789abcdef', 'v=spf1 -all');
    const wrong = await domains('check', ACTIVE, 'proven.edu', tokens[LIB]);
    expect(claim(wrong.body, 'proven.edu')).toMatchObject({ state: 'pending', checkResult: 'absent' });
    expect(await libid(await reader('too.early@proven.edu'))).toBe(0);

    // The record may come split in several strings: they make one value.
    dns.setTxt('_lectern.proven.edu', 'v=spf1 -all', [record!.value.slice(0, 20), record!.value.slice(20)]);
    const right = await domains('check', ACTIVE, 'proven.edu', tokens[LIB]);
    expect(claim(right.body, 'proven.edu')).toMatchObject({
      state: 'verified',
      record: null,
      checkResult: 'found',
      provenAt: expect.any(String),
    });
    expect(await lastAudit()).toEqual({
      actor: LIB,
      institution_id: ACTIVE,
      action: 'domain.verify',
      target: 'proven.edu',
      before: { state: 'pending' },
      after: { state: 'verified' },
    });
    expect(await libid(await reader('new.member@proven.edu'))).toBe(ACTIVE);
    // Checking again asks nobody.
    const asked = dns.asked.length;
    expect((await domains('check', ACTIVE, 'proven.edu', tokens[LIB])).status).toBe(200);
    expect(dns.asked.length).toBe(asked);
  });

  it('says when the lookup failed (the resolver could not answer)', async () => {
    await domains('add', ACTIVE, 'unreachable.edu', tokens[LIB]);
    dns.fail('_lectern.unreachable.edu');
    const res = await domains('check', ACTIVE, 'unreachable.edu', tokens[LIB]);
    expect(claim(res.body, 'unreachable.edu')).toMatchObject({ state: 'pending', checkResult: 'failed' });
  });

  it('limits checks: 10 an hour for one claim (the button cannot flood resolvers), counted before the lookup', async () => {
    await domains('add', ACTIVE, 'busy.edu', tokens[LIB]);
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await domains('check', ACTIVE, 'busy.edu', tokens[LIB])).status);
    expect(answers).toEqual([...Array(10).fill(200), 429]);
    expect(dns.asked.filter((n) => n === '_lectern.busy.edu')).toHaveLength(10);
  });

  it("refuses another institution's librarian, and a check of a domain the institution does not claim", async () => {
    expect((await domains('check', ACTIVE, 'proven.edu', tokens[OTHER])).status).toBe(403);
    const none = await domains('check', ACTIVE, 'never-added.edu', tokens[LIB]);
    expect([none.status, none.error.code]).toEqual([404, 'not_your_domain']);
  });
});

describe('a claim by two institutions', () => {
  it("does not let a squatter block the owner: the first proof wins, the other's claim shows taken and cannot be proven", async () => {
    const squat = await domains('add', EXPIRED, 'owner.edu', tokens[OTHER]);
    expect(claim(squat.body, 'owner.edu').state).toBe('pending');
    const owner = await domains('add', ACTIVE, 'owner.edu', tokens[LIB]);
    expect(owner.status).toBe(200);
    dns.setTxt('_lectern.owner.edu', claim(owner.body, 'owner.edu').record!.value);
    const proven = await domains('check', ACTIVE, 'owner.edu', tokens[LIB]);
    expect(claim(proven.body, 'owner.edu').state).toBe('verified');

    const theirs = await api.call(endpoints.consoleAccess, { params: { institutionId: EXPIRED } }, tokens[OTHER]);
    expect(claim(theirs.body, 'owner.edu')).toMatchObject({ state: 'taken' });
    const check = await domains('check', EXPIRED, 'owner.edu', tokens[OTHER]);
    expect([check.status, check.error.code]).toEqual([409, 'domain_held']);
    const approve = await domains('approve', EXPIRED, 'owner.edu', tokens[ADMIN]);
    expect([approve.status, approve.error.code]).toEqual([409, 'domain_held']);
    // A new claim of a proven domain is refused outright.
    const late = await domains('add', FX.inst.noFlags, 'owner.edu', tokens[ADMIN]);
    expect([late.status, late.error.code]).toEqual([409, 'domain_held']);
  });

  it('lets one of two institutions proving the same domain at the same moment hold it', async () => {
    const ids = [ACTIVE, EXPIRED, FX.inst.noFlags];
    const records: string[] = [];
    for (const id of ids) {
      const res = await domains('add', id, 'race.edu', tokens[ADMIN]);
      records.push(claim(res.body, 'race.edu').record!.value);
    }
    dns.setTxt('_lectern.race.edu', ...records);
    const answers = await Promise.all(ids.map((id) => domains('check', id, 'race.edu', tokens[ADMIN])));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const holders = await t.db.query(`SELECT institution_id FROM institution_domains WHERE domain = 'race.edu' AND proven_at IS NOT NULL`);
    expect(holders.rows).toHaveLength(1);
  });

  it('lets one of two admins approving the same domain for two institutions at once hold it', async () => {
    for (const id of [ACTIVE, EXPIRED]) await domains('add', id, 'approve-race.edu', tokens[ADMIN]);
    const answers = await Promise.all([ACTIVE, EXPIRED].map((id) => domains('approve', id, 'approve-race.edu', tokens[ADMIN])));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const holders = await t.db.query(`SELECT 1 FROM institution_domains WHERE domain = 'approve-race.edu' AND proven_at IS NOT NULL`);
    expect(holders.rows).toHaveLength(1);
  });
});

describe("an admin's approval", () => {
  it('lists the claims waiting and the domains kept at the upgrade; approves or refuses, audited; librarians cannot', async () => {
    await domains('add', ACTIVE, 'approve-me.edu', tokens[LIB]);
    await domains('add', ACTIVE, 'refuse-me.edu', tokens[LIB]);
    const list = await api.call(endpoints.consoleDomains, {}, tokens[ADMIN]);
    expect(list.status).toBe(200);
    const mine = list.body.domains.filter((d) => d.institutionId === ACTIVE);
    expect(mine.map((d) => d.domain)).toEqual(expect.arrayContaining(['approve-me.edu', 'refuse-me.edu', 'pending.edu']));
    expect(mine.find((d) => d.domain === 'approve-me.edu')).toMatchObject({ institution: 'Active U', state: 'pending' });
    expect(list.body.domains.some((d) => d.domain === 'proven.edu')).toBe(false);

    for (const call of [
      () => api.call(endpoints.consoleDomains, {}, tokens[LIB]),
      () => domains('approve', ACTIVE, 'approve-me.edu', tokens[LIB]),
      () => domains('refuse', ACTIVE, 'refuse-me.edu', tokens[LIB]),
    ]) {
      const res = await call();
      expect([res.status, res.error.message]).toEqual([403, 'That is for Lectern admins.']);
    }

    const approved = await domains('approve', ACTIVE, 'approve-me.edu', tokens[ADMIN]);
    expect(claim(approved.body, 'approve-me.edu')).toMatchObject({ state: 'approved', record: null });
    expect(await lastAudit()).toMatchObject({
      actor: ADMIN,
      institution_id: ACTIVE,
      action: 'domain.approve',
      after: { state: 'approved' },
    });
    expect(await libid(await reader('someone@approve-me.edu'))).toBe(ACTIVE);

    const refused = await domains('refuse', ACTIVE, 'refuse-me.edu', tokens[ADMIN]);
    expect(refused.body.domains.map((d) => d.domain)).not.toContain('refuse-me.edu');
    expect(await lastAudit()).toMatchObject({
      action: 'domain.refuse',
      target: 'refuse-me.edu',
      before: { state: 'pending' },
      after: null,
    });
    // A proven domain is not waiting for a decision (removing it is the access section's).
    const notWaiting = await domains('refuse', ACTIVE, 'approve-me.edu', tokens[ADMIN]);
    expect([notWaiting.status, notWaiting.error.code]).toEqual([404, 'not_waiting']);
  });
});

describe('accounts that existed before a domain counted', () => {
  it('are not moved into the institution by it at their next sign-in; accounts made afterwards join', async () => {
    const before = await reader('old.hand@later.edu');
    expect(await libid(before)).toBe(0);
    await domains('add', ACTIVE, 'later.edu', tokens[LIB]);
    await domains('approve', ACTIVE, 'later.edu', tokens[ADMIN]);
    // The next sign-in (a code; a password takes the same path) leaves them where they were.
    expect(await libid(await reader('old.hand@later.edu'))).toBe(0);
    expect(await libid(await reader('newcomer@later.edu'))).toBe(ACTIVE);
    // A member made by the domain whose access lapsed comes back to it at sign-in, as before.
    await t.db.query(`UPDATE users SET institution_id = NULL WHERE email = 'newcomer@later.edu'`);
    expect(await libid(await reader('newcomer@later.edu'))).toBe(ACTIVE);
  });
});
