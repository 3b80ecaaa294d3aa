// The media volume full (the fault campaign's findings): a logo upload answers a clear 507 with
// the branding unchanged and no part-written file left, and works once there is room; an ingest
// says the storage is full (it blamed the PDF) and leaves nothing. The ENOSPC is the kernel's:
// writes to /dev/full fail as a full disk's do (a file's temporary name points there, or the
// staging writes there).
import fs from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken } from '../support/api-client';
import * as endpoints from '../../src/shared/endpoints';
import { LIB } from '../support/console-roles';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { grantConsoleRole } from '../../src/server/repositories/console';
import { renderLogos } from '../../src/server/services/logos';
import { mediaName } from '../../src/server/media/storage';
import { LocalStorage } from '../../src/server/media/local';
import { ingestPdf } from '../../src/server/ingest/ingest';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
let token: string;
const outbox = memoryOutbox();

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
  token = (await signInByCode(t.db, api, outbox, LIB)).token;
  expect(await grantConsoleRole(t.db, { email: LIB, role: 'librarian', orgCode: 'ACT', actorId: null })).toMatchObject({ ok: true });
});
afterAll(() => t?.close());

function logo(): Buffer {
  const c = createCanvas(900, 300);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#7a2e1f';
  ctx.fillRect(0, 0, 900, 300);
  return c.toBuffer('image/png');
}
const upload = (bytes: Buffer) =>
  api.callUpload(
    endpoints.consoleBrandingLogo,
    { params: { institutionId: FX.inst.active } },
    { name: 'logo.png', type: 'image/png', bytes },
    token,
  );
const branding = async () => (await t.db.query('SELECT name, logo1, logo2, logo3 FROM institutions ORDER BY id')).rows;

it('answers 507 with a clear message when the media volume is full, stores nothing, and works once there is room', async () => {
  const bytes = logo();
  const mediaDir = path.join(t.dataDir, 'media');
  fs.mkdirSync(mediaDir, { recursive: true });
  const names = (await renderLogos(bytes, 'image/png')).map((b) => mediaName(b, 'png'));
  for (const name of names) fs.symlinkSync('/dev/full', path.join(mediaDir, `${name}.${process.pid}.tmp`));
  const before = await branding();

  const res = await upload(bytes);
  expect([res.status, res.error.code]).toEqual([507, 'storage_full']);
  expect(res.error.message).toMatch(/storage is full, so nothing was saved/);
  expect(await branding()).toEqual(before);
  // Neither a logo under its name nor a part-written temporary file is left.
  expect(fs.readdirSync(mediaDir).filter((f) => names.some((n) => f.startsWith(n)))).toEqual([]);

  const again = await upload(bytes);
  expect(again.status).toBe(200);
  expect([again.body.logo1, again.body.logo2, again.body.logo3].map((u) => path.basename(u!))).toEqual(names);
  for (const name of names) expect(fs.statSync(path.join(mediaDir, name)).size).toBeGreaterThan(0);
});

it('an ingest onto a full volume says the storage is full, and leaves no rows and no staged files', async () => {
  class FullVolume extends LocalStorage {
    async stage() {
      const staging = await super.stage();
      return { ...staging, save: async () => (fs.writeFileSync('/dev/full', 'page'), 'never.webp') };
    }
  }
  const storage = new FullVolume(path.join(t.dataDir, 'full-media'));
  const issues = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM issues')).rows[0].n;
  const before = await issues();
  const pdf = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/pdfs/calrgb.pdf'));
  const err = await ingestPdf(t.db, storage, pdf, {
    title: { name: 'Full Volume Weekly', catId: 2, lang: 'en' },
    issue: { name: 'No. 1', pubDate: '2026-11-01' },
  }).catch((e: unknown) => e);
  expect(String(err)).toMatch(/the media storage is full \(ENOSPC: no space left on device.*\): nothing was stored/);
  expect(await issues()).toBe(before);
  expect(await storage.listStaged()).toEqual([]);
});

it('health says the storage is degraded on a full volume, and leaves no probe file there', async () => {
  const mediaDir = path.join(t.dataDir, 'media');
  fs.symlinkSync('/dev/full', path.join(mediaDir, `.check-${process.pid}`));
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(503);
  expect(res.json().degraded).toEqual([expect.stringMatching(/^storage: .*ENOSPC/)]);
  expect(fs.readdirSync(mediaDir).filter((f) => f.startsWith('.check-'))).toEqual([]);
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
});
