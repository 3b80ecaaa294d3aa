// Institution ID uploads under attack: what is kept is always an image the server drew (never the
// uploaded bytes, a polyglot or a PDF), a file that crashes the decoder does not crash the
// server, one request waits at a time (even for uploads sent at once), a few tries a day, and a
// bad institutionId is a 400.
// On PostgreSQL too: uploads sent at once leaving one pending request.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { decideIdRequest, pendingIdRequests } from '../../src/server/repositories/id-requests';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
});
afterAll(() => t?.close());

const signIn = (email: string) => signInByCode(t.db, api, outbox, email);

function photo(type: 'image/png' | 'image/jpeg', width = 400, height = 250): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2a6';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#fff';
  ctx.fillRect(20, 20, 120, 150);
  return type === 'image/png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 85);
}

async function pdf(pages: [number, number][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [w, h] of pages) doc.addPage([w, h]).drawText('STUDENT ID 2026', { x: 20, y: h - 40, size: 18, font });
  return Buffer.from(await doc.save());
}

const script = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const upload = (
  token: string,
  bytes: Buffer,
  fields: Record<string, string> = { institutionId: String(FX.inst.active) },
  name = 'id.png',
) => api.callUpload(endpoints.userUploadid, { fields }, { name, type: 'image/png', bytes }, token);
const privateDir = () => path.join(t.dataDir, 'private');
const storedFiles = () => (fs.existsSync(path.join(privateDir(), 'ids')) ? fs.readdirSync(path.join(privateDir(), 'ids')) : []);
const storedOf = async (userId: number) => {
  const { rows } = await t.db.query<{ id: number; file_name: string; mime: string }>(
    `SELECT id, file_name, mime FROM id_uploads WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
  return rows.map((r) => ({ ...r, bytes: fs.readFileSync(path.join(privateDir(), 'ids', r.file_name)) }));
};
const rejectAll = async (userId: number) => {
  const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM id_uploads WHERE user_id = $1 AND status = 'pending'`, [userId]);
  for (const r of rows)
    await decideIdRequest(t.db, privateDir(), { id: r.id, institutionId: null, actorId: null, decision: 'reject', reason: 'test' });
};

describe('what is kept', () => {
  it('a photo is decoded and redrawn as WebP: never the uploaded bytes', async () => {
    const r = await signIn('photo@gmail.example');
    const jpeg = photo('image/jpeg', 3000, 2000);
    expect((await upload(r.token, jpeg, undefined, 'id.jpg')).status).toBe(200);
    const [kept] = await storedOf(r.id);
    expect(kept.mime).toBe('image/webp');
    expect(kept.file_name).toMatch(/\.webp$/);
    expect(kept.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(kept.bytes.equals(jpeg)).toBe(false);
    const image = await loadImage(kept.bytes);
    expect([image.width, image.height]).toEqual([1600, 1067]); // fitted into 1600 × 1600
  });

  it('a PDF is kept as a drawing of its first page, not as a PDF', async () => {
    const r = await signIn('pdf@gmail.example');
    const file = await pdf([
      [300, 450],
      [800, 200],
      [800, 200],
    ]);
    expect((await upload(r.token, file, undefined, 'id.pdf')).status).toBe(200);
    const [kept] = await storedOf(r.id);
    expect(kept.mime).toBe('image/webp');
    expect(kept.bytes.includes('%PDF')).toBe(false);
    const image = await loadImage(kept.bytes);
    expect(image.height).toBe(1600); // the first page's portrait shape, not the later landscape ones
    expect(image.width).toBeGreaterThan(1000);
    expect(image.width).toBeLessThan(1100);
    const listed = (await pendingIdRequests(t.db)).find((p) => p.email === 'pdf@gmail.example')!;
    expect(listed).toMatchObject({ mime: 'image/webp', bytes: kept.bytes.length });
  });

  it('polyglots: a photo header before HTML is refused; a photo with HTML and a PDF appended keeps only pixels', async () => {
    const r = await signIn('polyglot@gmail.example');
    const before = storedFiles().length;
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), script]);
    const refused = await upload(r.token, fakeJpeg, undefined, 'id.jpg');
    expect(refused.status).toBe(415);
    expect(refused.error.message).toContain('could not be read');
    const fakePdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), script]);
    expect((await upload(r.token, fakePdf, undefined, 'id.pdf')).status).toBe(415);
    expect(storedFiles().length).toBe(before);

    const mixed = Buffer.concat([photo('image/png'), script, await pdf([[300, 450]])]);
    expect((await upload(r.token, mixed)).status).toBe(200);
    const [kept] = await storedOf(r.id);
    expect(kept.bytes.includes('<script')).toBe(false);
    expect(kept.bytes.includes('%PDF')).toBe(false);
    expect(kept.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('a file that crashes the image decoder, or declares a giant image, is refused and the server carries on', async () => {
    const r = await signIn('crash@gmail.example');
    const truncated = photo('image/png').subarray(0, 60); // made @napi-rs/canvas segfault in-process
    expect((await upload(r.token, truncated)).status).toBe(415);
    const bomb = Buffer.from(photo('image/png'));
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    expect((await upload(r.token, bomb)).status).toBe(415);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(await storedOf(r.id)).toEqual([]);
  });
});

describe('limits', () => {
  it('one pending request at a time, then at most 3 uploads a day', async () => {
    const r = await signIn('quota@gmail.example');
    const png = photo('image/png');
    expect((await upload(r.token, png)).status).toBe(200);
    const second = await upload(r.token, png);
    expect(second.status).toBe(409);
    expect(second.error.code).toBe('already_pending');
    await rejectAll(r.id);
    expect((await upload(r.token, png)).status).toBe(200);
    await rejectAll(r.id);
    expect((await upload(r.token, png)).status).toBe(200);
    await rejectAll(r.id);
    const fourth = await upload(r.token, png);
    expect(fourth.status).toBe(429);
    expect(fourth.error.message).toBe('You can send your ID 3 times a day. Please try again tomorrow.');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM id_uploads WHERE user_id = $1`, [r.id])).rows[0].n).toBe(3);
  });

  it('uploads sent at once leave exactly one pending request and one file', async () => {
    const r = await signIn('burst@gmail.example');
    const before = storedFiles().length;
    const png = photo('image/png');
    const replies = await Promise.all(Array.from({ length: 6 }, () => upload(r.token, png)));
    const statuses = replies.map((x) => x.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && ![409, 429, 503].includes(s))).toEqual([]);
    expect(
      (await t.db.query(`SELECT count(*)::int AS n FROM id_uploads WHERE user_id = $1 AND status = 'pending'`, [r.id])).rows[0].n,
    ).toBe(1);
    expect(storedFiles().length).toBe(before + 1);
  });

  it('a bad institutionId or a form cut short is a 400 with a clear message, and nothing is kept', async () => {
    const r = await signIn('badinst@gmail.example');
    for (const value of ['abc', '', '1.5', '-1', '0', '1e3', '99999999999', 'NaN', `${FX.inst.active} OR 1=1`]) {
      const res = await upload(r.token, photo('image/png'), { institutionId: value });
      expect(res.status, value).toBe(400);
      expect(res.error.message, value).toBe('Choose your institution from the list.');
    }
    expect((await upload(r.token, photo('image/png'), {})).status).toBe(400); // no institutionId at all
    const xsrf = await xsrfToken(t.app);
    for (const payload of ['--b\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc', '\u0000not multipart']) {
      const cut = await t.app.inject({
        method: 'POST',
        url: '/api/user/uploadid',
        payload,
        cookies: { 'XSRF-TOKEN': xsrf },
        headers: { 'x-xsrf-token': xsrf, authorization: r.token, 'content-type': 'multipart/form-data; boundary=b' },
      });
      expect(cut.statusCode).toBe(400); // was a 500
      expect(cut.json().error.message).toContain('could not be read');
    }
    expect(await storedOf(r.id)).toEqual([]);
  });
});
