// The console's branding section: the institution's name and logo, changed only by its
// librarians (or an admin), audited; an uploaded logo is checked by its bytes and size and drawn
// again at the three sizes of spec §3, which members get with their details.
import fs from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { bombPng } from '../support/images';
import { grantConsoleRole } from '../../src/server/repositories/console';
import { LOGO_MAX_BYTES } from '../../src/shared/schemas/console-access';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};
const LIB = 'librarian@active.edu';
const OTHER = 'librarian@expired.edu';
const base = (id: number | string = FX.inst.active) => ({ params: { institutionId: id } });

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
  for (const email of [LIB, OTHER, 'member@active.edu']) tokens[email] = (await signInByCode(t.db, api, outbox, email)).token;
  expect(await grantConsoleRole(t.db, { email: LIB, role: 'librarian', orgCode: 'ACT', actorId: null })).toMatchObject({ ok: true });
  expect(await grantConsoleRole(t.db, { email: OTHER, role: 'librarian', orgCode: 'EXP', actorId: null })).toMatchObject({ ok: true });
});
afterAll(() => t?.close());

function image(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Buffer {
  const c = createCanvas(width, height);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#1f3a5f';
  ctx.fillRect(0, 0, width, height);
  return format === 'png' ? c.toBuffer('image/png') : c.toBuffer('image/jpeg');
}
const upload = (bytes: Buffer, token = tokens[LIB], id: number = FX.inst.active, type = 'image/png') =>
  api.callUpload(endpoints.consoleBrandingLogo, base(id), { name: 'logo.png', type, bytes }, token);
const pngSize = (file: Buffer) => ({ width: file.readUInt32BE(16), height: file.readUInt32BE(20) });
const stored = async () => (await t.db.query('SELECT name, logo1, logo2, logo3 FROM institutions ORDER BY id')).rows;
const audits = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM console_audit')).rows[0].n;

describe('branding', () => {
  it("refuses another institution's librarian (403) on every call, and changes nothing", async () => {
    const before = [await stored(), await audits()];
    for (const res of [
      await api.call(endpoints.consoleBranding, base(), tokens[OTHER]),
      await api.call(endpoints.consoleBrandingSave, { ...base(), body: { name: 'Taken Over' } }, tokens[OTHER]),
      await upload(image(360, 120), tokens[OTHER]),
    ])
      expect([res.status, res.error.message]).toEqual([403, "That is another institution's console."]);
    expect((await api.call(endpoints.consoleBranding, base(), tokens['member@active.edu'])).status).toBe(403);
    expect((await api.call(endpoints.consoleBrandingSave, { ...base(), body: { name: 'Nobody' } })).status).toBe(401);
    expect([await stored(), await audits()]).toEqual(before);
  });

  it('renames the institution; members see the name in their details; audited', async () => {
    const res = await api.call(endpoints.consoleBrandingSave, { ...base(), body: { name: '  Active University  ' } }, tokens[LIB]);
    expect([res.status, res.body]).toEqual([200, { name: 'Active University', logo1: null, logo2: null, logo3: null }]);
    expect((await api.call(endpoints.userDetails, {}, tokens['member@active.edu'])).body.libName).toBe('Active University');
    const entry = (await t.db.query('SELECT actor, action, before, after FROM console_audit ORDER BY id DESC LIMIT 1')).rows[0];
    expect(entry).toEqual({ actor: LIB, action: 'branding.name', before: { name: 'Active U' }, after: { name: 'Active University' } });
    const before = await stored();
    for (const bad of ['', 'A', 'x'.repeat(81), 'Bad\u0000Name', 7])
      expect([
        bad,
        (await api.call(endpoints.consoleBrandingSave, { ...base(), body: unchecked({ name: bad }) }, tokens[LIB])).status,
      ]).toEqual([bad, 400]);
    expect(await stored()).toEqual(before);
  });

  it('draws an uploaded logo at 120×40, 240×80 and 360×120, stored as media that members get at their next start', async () => {
    const res = await upload(image(900, 450));
    expect(res.status).toBe(200);
    const urls = [res.body.logo1, res.body.logo2, res.body.logo3];
    expect(new Set(urls).size).toBe(3);
    const sizes = urls.map((url) => {
      expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
      return pngSize(fs.readFileSync(path.join(t.dataDir, 'media', path.basename(url!))));
    });
    expect(sizes).toEqual([
      { width: 120, height: 40 },
      { width: 240, height: 80 },
      { width: 360, height: 120 },
    ]);
    const served = await t.app.inject({ method: 'GET', url: res.body.logo3! });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    const details = (await api.call(endpoints.userDetails, {}, tokens['member@active.edu'])).body.libraryDetails!;
    expect([details.logo1, details.logo2, details.logo3]).toEqual(urls);
    expect((await api.call(endpoints.consoleBranding, base(), tokens[LIB])).body).toEqual({
      name: 'Active University',
      logo1: urls[0],
      logo2: urls[1],
      logo3: urls[2],
    });
    const entry = (await t.db.query('SELECT action, before, after FROM console_audit ORDER BY id DESC LIMIT 1')).rows[0];
    expect(entry.action).toBe('branding.logo');
    expect(entry.after.logo1).toBe(path.basename(urls[0]!));
    // A JPEG is taken too.
    expect((await upload(image(400, 400, 'jpeg'), tokens[LIB], FX.inst.active, 'image/jpeg')).status).toBe(200);
  });

  it('refuses what is not a usable image with a clear 4xx, and keeps the logo it had', async () => {
    const before = [await stored(), await audits()];
    const png = image(600, 200);
    const truncated = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const cases: [Buffer, number, string, RegExp][] = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 415, 'unsupported', /PNG, JPEG or WebP/],
      [Buffer.from('%PDF-1.4\n%%EOF'), 415, 'unsupported', /PNG, JPEG or WebP/],
      [Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES)]), 413, 'too_large', /larger than 2 MB/],
      [image(60, 20), 400, 'too_small', /too small \(60 × 20 pixels\)/],
      [truncated, 415, 'unreadable', /could not be read/],
      [Buffer.alloc(0), 400, 'bad_request', /Choose an image/],
    ];
    for (const [bytes, status, code, message] of cases) {
      const res = await upload(bytes);
      expect([res.status, res.error.code, res.error.message]).toEqual([status, code, expect.stringMatching(message)]);
    }
    // Not a form upload at all.
    const json = await api.call(endpoints.consoleBrandingLogo, { ...base(), body: unchecked({ logo: 'x' }) }, tokens[LIB]);
    expect([json.status, json.error.message]).toEqual([415, 'Send the logo as a multipart form upload.']);
    expect([await stored(), await audits()]).toEqual(before);
  });

  it('refuses an image bomb by its header, before anything decodes it: a clear 400 with the size', async () => {
    const before = [await stored(), await audits()];
    // 6,000 × 6,000 (36 megapixels, 144 MB decoded) in a 4 KB file; and one declaring 60,000 × 60,000.
    const bomb = bombPng(6000, 6000);
    expect(bomb.length).toBeLessThan(10_000);
    for (const [bytes, size] of [
      [bomb, '6000 × 6000'],
      [bombPng(60_000, 60_000, false), '60000 × 60000'],
    ] as const) {
      const res = await upload(bytes);
      expect([res.status, res.error.code]).toEqual([400, 'too_many_pixels']);
      expect(res.error.message).toBe(`The logo is too large (${size} pixels). Upload one of at most 16 megapixels, such as 1,200 × 400.`);
    }
    expect([await stored(), await audits()]).toEqual(before);
    // Just within the limit it is drawn.
    expect((await upload(bombPng(4000, 4000))).status).toBe(200);
  }, 60_000);

  it('draws one logo at a time through the drawing gate: eight at once, one drawn, four wait, three are told to retry', async () => {
    const logo = image(1200, 400);
    const all = await Promise.all(Array.from({ length: 8 }, () => upload(logo)));
    const statuses = all.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 503, 503, 503]);
    for (const busy of all.filter((r) => r.status === 503)) expect(busy.error.code).toBe('busy');
  }, 120_000);
});
