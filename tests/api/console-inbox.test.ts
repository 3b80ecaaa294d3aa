// The console's zones and enquiries sections: an institution's Smart Reading Zones (the zone
// model's own rows, with the readers in each now) and its enquiries inbox (which messages are
// its, newest first, paged, by status), changed only by its librarians or an admin, every
// change audited, bad input refused with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { ADMIN, LIB, OTHER, grantTestConsoleRoles } from '../support/console-roles';
import { saveEnquiry } from '../../src/server/repositories/enquiries';
import { ENQUIRY_PAGE_SIZE } from '../../src/shared/schemas/console-inbox';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};
const ACTIVE = FX.inst.active;
const EXPIRED = FX.inst.expired;
const MEMBER = 'member@active.edu';
/** An institution's address; a zone or an enquiry of it. */
const inst = (institutionId: number = ACTIVE) => ({ institutionId });
const inZone = (zoneId: number, institutionId: number = ACTIVE) => ({ institutionId, zoneId });
const inEnquiry = (enquiryId: number, institutionId: number = ACTIVE) => ({ institutionId, enquiryId });

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
  for (const email of [LIB, OTHER, ADMIN, MEMBER]) tokens[email] = (await signInByCode(t.db, api, outbox, email)).token;
  await grantTestConsoleRoles(t.db);
});
afterAll(() => t?.close());

const CAMPUS = { lat: 28.6139, lng: 77.209 };
/** A zone's body, built loosely: the tests vary its fields past what the schema takes. */
const zone = (over: Record<string, unknown> = {}) =>
  unchecked({
    name: 'Central Library',
    description: 'Ground and first floor',
    place: { ...CAMPUS, radiusM: 300 },
    networks: ['45.20.0.0/16', '2400:cb00:20::/48'],
    hours: { mon: [['08:00', '20:00']], sat: [['09:00', '13:00']] },
    timeZone: 'Asia/Kolkata',
    passMinutes: 90,
    opens: { all: false, sections: ['newspapers'], categories: [], titles: [FX.mid.journal] },
    active: true,
    ...over,
  });
const audits = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM console_audit')).rows[0].n;
const lastAudit = async () =>
  (await t.db.query('SELECT actor, institution_id, action, target, before, after FROM console_audit ORDER BY id DESC LIMIT 1')).rows[0];
/** What a refused call must leave as it was. */
const state = async () => [
  (await t.db.query('SELECT * FROM zones ORDER BY id')).rows,
  (await t.db.query('SELECT * FROM zone_networks ORDER BY zone_id, net')).rows,
  (await t.db.query('SELECT id, status, status_at, institution_id FROM enquiries ORDER BY id')).rows,
  await audits(),
];
const message = (b: { userName?: string; institutionName?: string; institutionId?: number } = {}) => ({
  userName: 'Meena Pillai',
  emailId: 'meena@college.example',
  Message: 'We would like Lectern for our library.',
  desigination: 'Librarian',
  mobile: '9876501234',
  campuses: '2-5' as const,
  students: '1000-5000' as const,
  institutionName: 'Riverside College',
  ...b,
});

describe('zones', () => {
  let zoneId: number;

  it('creates a zone of the institution (whatever owner the body names), lists it, audits it', async () => {
    const before = await audits();
    const res = await api.call(endpoints.consoleZonesAdd, { params: inst(), body: zone({ institutionId: EXPIRED }) }, tokens[LIB]);
    expect(res.status).toBe(200);
    zoneId = res.body.id;
    expect(res.body).toMatchObject({
      name: 'Central Library',
      place: { ...CAMPUS, radiusM: 300 },
      networks: ['45.20.0.0/16', '2400:cb00:20::/48'],
      hours: { mon: [['08:00', '20:00']], sat: [['09:00', '13:00']] },
      passMinutes: 90,
      opens: { all: false, sections: ['newspapers'], categories: [], titles: [FX.mid.journal] },
      readersNow: 0,
    });
    // The zone model's own row, owned by the institution in the address.
    const row = (await t.db.query('SELECT institution_id, radius_m, area IS NOT NULL AS indexed FROM zones WHERE id = $1', [zoneId]))
      .rows[0];
    expect(row).toEqual({ institution_id: ACTIVE, radius_m: 300, indexed: true });
    expect(await audits()).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({
      actor: LIB,
      institution_id: ACTIVE,
      action: 'zone.create',
      target: String(zoneId),
      before: null,
      after: { name: 'Central Library', networks: ['45.20.0.0/16', '2400:cb00:20::/48'], passMinutes: 90 },
    });
    const list = await api.call(endpoints.consoleZones, { params: inst() }, tokens[LIB]);
    expect(list.body.zones.map((z) => z.id)).toEqual([zoneId]);
  });

  it('counts the readers in each zone now (passes not yet ended)', async () => {
    // Always open, so the count does not depend on the hour the test runs.
    expect((await api.call(endpoints.consoleZoneSave, { params: inZone(zoneId), body: zone({ hours: null }) }, tokens[LIB])).status).toBe(
      200,
    );
    const arrived = await api.call(endpoints.zonesHere, { body: { position: { ...CAMPUS, accuracy: 20, ageMs: 1000 } } }, tokens[MEMBER]);
    expect(arrived.body.arrived).toEqual([zoneId]);
    // A pass that has ended does not count.
    const ended = (await signInByCode(t.db, api, outbox, 'gone@active.edu')).token;
    await api.call(endpoints.zonesHere, { body: { position: { ...CAMPUS, accuracy: 20, ageMs: 1000 } } }, ended);
    await t.db.query(
      `UPDATE zone_passes SET ends_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = 'gone@active.edu')`,
    );
    const list = await api.call(endpoints.consoleZones, { params: inst() }, tokens[LIB]);
    expect(list.body.zones[0].readersNow).toBe(1);
  });

  it('edits a zone: every field replaced, the networks too; audited with before and after', async () => {
    const res = await api.call(
      endpoints.consoleZoneSave,
      {
        params: inZone(zoneId),
        body: zone({ name: 'Main Library', place: null, networks: ['45.22.4.7/24'], opens: { all: true }, passMinutes: 30, active: false }),
      },
      tokens[LIB],
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Main Library',
      place: null,
      networks: ['45.22.4.0/24'],
      opens: { all: true },
      active: false,
    });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'zone.edit', target: String(zoneId), before: { name: 'Central Library', passMinutes: 90 } });
    expect(entry.after).toMatchObject({ name: 'Main Library', place: null, networks: ['45.22.4.0/24'], active: false });
  });

  it('refuses bad coordinates, radii, CIDRs, hours and huge numbers with a 400 that names the field; nothing changed', async () => {
    const before = await state();
    const bad: [ReturnType<typeof zone>, string][] = [
      [zone({ place: { lat: 91, lng: 77, radiusM: 300 } }), 'Latitude'],
      [zone({ place: { lat: 28, lng: -180.5, radiusM: 300 } }), 'Longitude'],
      [zone({ place: { lat: '28', lng: 77, radiusM: 300 } }), 'Latitude'],
      [zone({ place: { lat: 28, lng: 77, radiusM: 49 } }), 'Radius (metres)'],
      [zone({ place: { lat: 28, lng: 77, radiusM: 2001 } }), 'Radius (metres)'],
      [zone({ place: { lat: 28, lng: 77, radiusM: 1e308 } }), 'Radius (metres)'],
      [zone({ networks: ['10.0.0.0/33'] }), 'Wi-Fi networks'],
      [zone({ networks: ['300.1.1.1/8'] }), 'Wi-Fi networks'],
      [zone({ networks: ['2001:db8::/129'] }), 'Wi-Fi networks'],
      [zone({ networks: ['fe80::zz/64'] }), 'Wi-Fi networks'],
      [zone({ networks: ['10.0.0.0/8/1'] }), 'Wi-Fi networks'],
      [zone({ networks: ['campus wifi'] }), 'Wi-Fi networks'],
      [zone({ networks: Array.from({ length: 101 }, (_, i) => `10.0.${i}.0/24`) }), 'Wi-Fi networks'],
      [zone({ place: null, networks: [] }), 'A zone needs a place'],
      [zone({ hours: { mon: [['08:00', '25:00']] } }), 'Opening hours'],
      [zone({ hours: { someday: [['08:00', '20:00']] } }), 'Opening hours'],
      [zone({ timeZone: 'Nowhere/City' }), 'Time zone'],
      [zone({ passMinutes: 4 }), 'Pass length'],
      [zone({ passMinutes: 1e12 }), 'Pass length'],
      [zone({ opens: { all: false, titles: [2 ** 40] } }), 'What it opens'],
      [zone({ name: '' }), 'Name'],
      [zone({ name: 'x\u0000y' }), 'Name'],
    ];
    for (const [body, field] of bad) {
      for (const res of [
        await api.call(endpoints.consoleZonesAdd, { params: inst(), body }, tokens[LIB]),
        await api.call(endpoints.consoleZoneSave, { params: inZone(zoneId), body }, tokens[LIB]),
      ]) {
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.error.message).toContain(field);
      }
    }
    expect((await api.call(endpoints.consoleZoneSave, { params: inZone(99999999999), body: zone() }, tokens[LIB])).status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it("refuses another institution's librarian (403) on every zone call, and a zone of another institution is none of yours (404)", async () => {
    const theirs = (await api.call(endpoints.consoleZonesAdd, { params: inst(EXPIRED), body: zone({ name: 'Their zone' }) }, tokens[OTHER]))
      .body.id;
    const before = await state();
    for (const call of [
      () => api.call(endpoints.consoleZones, { params: inst() }, tokens[OTHER]),
      () => api.call(endpoints.consoleZonesAdd, { params: inst(), body: zone() }, tokens[OTHER]),
      () => api.call(endpoints.consoleZoneSave, { params: inZone(zoneId), body: zone({ name: 'Taken' }) }, tokens[OTHER]),
      () => api.call(endpoints.consoleZonesRemove, { params: inZone(zoneId) }, tokens[OTHER]),
    ]) {
      const res = await call();
      expect([res.status, res.error.message]).toEqual([403, "That is another institution's console."]);
    }
    // Through their own institution, Active U's zone does not exist; nor does theirs through Active U.
    const sideways = await api.call(
      endpoints.consoleZoneSave,
      { params: inZone(zoneId, EXPIRED), body: zone({ name: 'Taken' }) },
      tokens[OTHER],
    );
    expect([sideways.status, sideways.error.message]).toEqual([404, 'There is no such zone.']);
    expect((await api.call(endpoints.consoleZonesRemove, { params: inZone(zoneId, EXPIRED) }, tokens[OTHER])).status).toBe(404);
    expect((await api.call(endpoints.consoleZonesRemove, { params: inZone(theirs) }, tokens[LIB])).status).toBe(404);
    // A reader without a role, and a signed-out caller.
    expect((await api.call(endpoints.consoleZones, { params: inst() }, tokens[MEMBER])).status).toBe(403);
    expect((await api.call(endpoints.consoleZonesAdd, { params: inst(), body: zone() })).status).toBe(401);
    expect(await state()).toEqual(before);
    // An admin runs any institution's zones; an institution that does not exist is a 404.
    expect((await api.call(endpoints.consoleZones, { params: inst(EXPIRED) }, tokens[ADMIN])).body.zones.map((z) => z.id)).toEqual([
      theirs,
    ]);
    expect((await api.call(endpoints.consoleZones, { params: inst(9999) }, tokens[ADMIN])).status).toBe(404);
  });

  it('removes a zone (its passes go with it); audited; a second removal is a 404', async () => {
    const res = await api.call(endpoints.consoleZonesRemove, { params: inZone(zoneId) }, tokens[LIB]);
    expect(res.status).toBe(200);
    expect((await t.db.query('SELECT count(*)::int AS n FROM zone_passes WHERE zone_id = $1', [zoneId])).rows[0].n).toBe(0);
    expect(await lastAudit()).toMatchObject({
      action: 'zone.remove',
      target: String(zoneId),
      before: { name: 'Main Library' },
      after: null,
    });
    expect((await api.call(endpoints.consoleZonesRemove, { params: inZone(zoneId) }, tokens[LIB])).status).toBe(404);
    expect((await api.call(endpoints.consoleZones, { params: inst() }, tokens[LIB])).body.zones).toEqual([]);
  });
});

describe('enquiries', () => {
  const ids: Record<string, number> = {};
  const idOf = async (name: string) =>
    (await t.db.query<{ id: number }>('SELECT id FROM enquiries WHERE user_name = $1 ORDER BY id DESC LIMIT 1', [name])).rows[0].id;

  it('belong to the institution picked in the form (by id, never by name), else to the signed-in sender’s own; else to none', async () => {
    // A visitor picking Active U from the form's list.
    expect(
      (
        await api.call(endpoints.accountContact, {
          body: message({ userName: 'Named Visitor', institutionName: 'active u', institutionId: ACTIVE }),
        })
      ).status,
    ).toBe(200);
    // A member of Active U asking a question (no institution in the form).
    const question = { userName: 'Member Asking', emailId: MEMBER, Message: 'Where are the journals?' };
    expect((await api.call(endpoints.accountQuestion, { body: question }, tokens[MEMBER])).status).toBe(200);
    // A member of Active U enquiring for another institution: the one picked.
    expect(
      (
        await api.call(
          endpoints.accountContact,
          { body: message({ userName: 'For Them', institutionName: 'Expired C', institutionId: EXPIRED }) },
          tokens[MEMBER],
        )
      ).status,
    ).toBe(200);
    // A visitor from an institution Lectern does not serve: admins only.
    expect((await api.call(endpoints.accountContact, { body: message({ userName: 'Prospect' }) })).status).toBe(200);
    // A name alone, even one Lectern serves, reaches no institution's console (a rename could take it).
    expect(
      (await api.call(endpoints.accountContact, { body: message({ userName: 'Name Only', institutionName: 'Active U' }) })).status,
    ).toBe(200);
    for (const name of ['Named Visitor', 'Member Asking', 'For Them', 'Prospect', 'Name Only']) ids[name] = await idOf(name);

    const mine = await api.call(endpoints.consoleEnquiries, { params: inst() }, tokens[LIB]);
    expect(mine.status).toBe(200);
    expect(mine.body.enquiries.map((e) => e.name)).toEqual(['Member Asking', 'Named Visitor']);
    expect(mine.body.enquiries[0]).toMatchObject({ kind: 'question', email: MEMBER, institutionName: null, status: 'new', statusAt: null });
    expect(mine.body.enquiries[1]).toMatchObject({
      kind: 'institution',
      institution: 'Active U',
      designation: 'Librarian',
      campuses: '2-5',
    });
    expect(mine.body).toMatchObject({ page: 0, pageSize: ENQUIRY_PAGE_SIZE, total: 2, counts: { new: 2, answered: 0, closed: 0 } });
    const theirs = await api.call(endpoints.consoleEnquiries, { params: inst(EXPIRED) }, tokens[OTHER]);
    expect(theirs.body.enquiries.map((e) => e.name)).toEqual(['For Them']);
    // Admins see all of them, those of no institution too.
    const all = await api.call(endpoints.consoleAllEnquiries, {}, tokens[ADMIN]);
    expect(all.body.enquiries.map((e) => e.name)).toEqual(['Name Only', 'Prospect', 'For Them', 'Member Asking', 'Named Visitor']);
    expect(all.body.enquiries[0]).toMatchObject({ institutionId: null, institution: null, institutionName: 'Active U' });
  });

  it('stay with their institution by id: another taking its former name gets none of them', async () => {
    const admin = tokens[ADMIN];
    const rename = (id: number, name: string) => api.call(endpoints.consoleBrandingSave, { params: inst(id), body: { name } }, admin);
    expect((await rename(ACTIVE, 'Active University')).status).toBe(200);
    expect((await rename(EXPIRED, 'Active U')).status).toBe(200);
    const theirs = await api.call(endpoints.consoleEnquiries, { params: inst(EXPIRED) }, tokens[OTHER]);
    expect(theirs.body.enquiries.map((e) => e.name)).toEqual(['For Them']);
    const mine = await api.call(endpoints.consoleEnquiries, { params: inst() }, tokens[LIB]);
    expect(mine.body.enquiries.map((e) => e.name)).toEqual(['Member Asking', 'Named Visitor']);
    expect((await rename(EXPIRED, 'Expired C')).status).toBe(200);
    expect((await rename(ACTIVE, 'Active U')).status).toBe(200);
  });

  it('the librarian marks one answered, then closed: filtered by status, audited; the same status again changes nothing', async () => {
    const id = ids['Named Visitor'];
    const res = await api.call(endpoints.consoleEnquiriesStatus, { params: inEnquiry(id), body: { status: 'answered' } }, tokens[LIB]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'answered' });
    expect(Date.now() - Date.parse(res.body.statusAt!)).toBeLessThan(60_000);
    expect(await lastAudit()).toEqual({
      actor: LIB,
      institution_id: ACTIVE,
      action: 'enquiry.status',
      target: String(id),
      before: { status: 'new' },
      after: { status: 'answered' },
    });
    const answered = await api.call(endpoints.consoleEnquiries, { params: inst(), query: { status: 'answered' } }, tokens[LIB]);
    expect(answered.body.enquiries.map((e) => e.id)).toEqual([id]);
    expect(answered.body).toMatchObject({ total: 1, counts: { new: 1, answered: 1, closed: 0 } });
    const fresh = await api.call(endpoints.consoleEnquiries, { params: inst(), query: { status: 'new' } }, tokens[LIB]);
    expect(fresh.body.enquiries.map((e) => e.id)).toEqual([ids['Member Asking']]);

    const before = await audits();
    expect(
      (await api.call(endpoints.consoleEnquiriesStatus, { params: inEnquiry(id), body: { status: 'answered' } }, tokens[LIB])).body.status,
    ).toBe('answered');
    expect(await audits()).toBe(before);
    expect(
      (await api.call(endpoints.consoleEnquiriesStatus, { params: inEnquiry(id), body: { status: 'closed' } }, tokens[LIB])).body.status,
    ).toBe('closed');
    expect(await audits()).toBe(before + 1);
  });

  it('pages newest first', async () => {
    for (let i = 0; i < ENQUIRY_PAGE_SIZE + 5; i++)
      await saveEnquiry(
        t.db,
        { userName: `Bulk ${i}`, emailId: 'bulk@active.edu', Message: `Message ${i}`, institutionName: 'Active U', institutionId: ACTIVE },
        null,
      );
    const first = await api.call(endpoints.consoleEnquiries, { params: inst() }, tokens[LIB]);
    expect(first.body.enquiries).toHaveLength(ENQUIRY_PAGE_SIZE);
    expect(first.body.enquiries[0].name).toBe(`Bulk ${ENQUIRY_PAGE_SIZE + 4}`);
    expect(first.body.total).toBe(ENQUIRY_PAGE_SIZE + 7);
    const second = await api.call(endpoints.consoleEnquiries, { params: inst(), query: { page: 1 } }, tokens[LIB]);
    expect(second.body.enquiries.map((e) => e.name)).toEqual([
      'Bulk 4',
      'Bulk 3',
      'Bulk 2',
      'Bulk 1',
      'Bulk 0',
      'Member Asking',
      'Named Visitor',
    ]);
    expect((await api.call(endpoints.consoleEnquiries, { params: inst(), query: { page: 2 } }, tokens[LIB])).body.enquiries).toEqual([]);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const before = await state();
    for (const query of ['status=done', 'page=-1', 'page=1000', 'page=1e309', 'page=x'])
      expect(
        (
          await api.call(
            endpoints.consoleEnquiries,
            { params: inst(), query: unchecked(Object.fromEntries(new URLSearchParams(query))) },
            tokens[LIB],
          )
        ).status,
        query,
      ).toBe(400);
    const id = ids['Member Asking'];
    for (const body of [{ status: 'done' }, { status: '' }, {}, { status: 1 }]) {
      const res = await api.call(endpoints.consoleEnquiriesStatus, { params: inEnquiry(id), body: unchecked(body) }, tokens[LIB]);
      expect([res.status, res.error.message]).toEqual([400, expect.stringContaining('Status')]);
    }
    expect(
      (await api.call(endpoints.consoleEnquiriesStatus, { params: inEnquiry(99999999999), body: { status: 'closed' } }, tokens[LIB]))
        .status,
    ).toBe(400);
    expect(
      (await api.call(endpoints.consoleEnquiriesStatus, { params: inEnquiry(999999), body: { status: 'closed' } }, tokens[LIB])).status,
    ).toBe(404);
    expect(await state()).toEqual(before);
  });

  it("refuses another institution's librarian (403) on every enquiry call, the admin routes to librarians; nothing changes", async () => {
    const before = await state();
    const id = ids['Member Asking'];
    for (const call of [
      () => api.call(endpoints.consoleEnquiries, { params: inst() }, tokens[OTHER]),
      () => api.call(endpoints.consoleEnquiriesStatus, { params: inEnquiry(id), body: { status: 'closed' } }, tokens[OTHER]),
    ]) {
      const res = await call();
      expect([res.status, res.error.message]).toEqual([403, "That is another institution's console."]);
    }
    // Active U's enquiry through their own institution: no such enquiry.
    const sideways = await api.call(
      endpoints.consoleEnquiriesStatus,
      { params: inEnquiry(id, EXPIRED), body: { status: 'closed' } },
      tokens[OTHER],
    );
    expect([sideways.status, sideways.error.message]).toEqual([404, 'There is no such enquiry.']);
    for (const token of [tokens[LIB], tokens[OTHER], tokens[MEMBER]]) {
      expect((await api.call(endpoints.consoleAllEnquiries, {}, token)).status).toBe(403);
      expect(
        (await api.call(endpoints.consoleAllEnquiriesStatus, { params: { enquiryId: id }, body: { status: 'closed' } }, token)).status,
      ).toBe(403);
    }
    expect((await api.call(endpoints.consoleEnquiries, { params: inst() }, tokens[MEMBER])).status).toBe(403);
    expect((await api.call(endpoints.consoleEnquiries, { params: inst() })).status).toBe(401);
    expect(await state()).toEqual(before);
  });

  it('an admin changes the status of any enquiry, one of no institution too; audited without an institution', async () => {
    const id = ids.Prospect;
    const res = await api.call(
      endpoints.consoleAllEnquiriesStatus,
      { params: { enquiryId: id }, body: { status: 'answered' } },
      tokens[ADMIN],
    );
    expect([res.status, res.body.status]).toEqual([200, 'answered']);
    expect(await lastAudit()).toMatchObject({ actor: ADMIN, institution_id: null, action: 'enquiry.status', target: String(id) });
    expect(
      (await api.call(endpoints.consoleAllEnquiries, { query: { status: 'answered' } }, tokens[ADMIN])).body.enquiries.map((e) => e.id),
    ).toEqual([id]);
    expect(
      (
        await api.call(
          endpoints.consoleEnquiriesStatus,
          { params: inEnquiry(ids['Member Asking']), body: { status: 'closed' } },
          tokens[ADMIN],
        )
      ).status,
    ).toBe(200);
  });
});
