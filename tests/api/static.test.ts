import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';

// A tiny built app: the shell and one hashed asset.
const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-app-'));
fs.mkdirSync(path.join(appDir, 'assets'));
const SHELL = `<!doctype html><title>Lectern</title><style>${'.shelf{display:flex}'.repeat(200)}</style>`;
fs.writeFileSync(path.join(appDir, 'index.html'), SHELL);
fs.writeFileSync(path.join(appDir, 'assets', 'main-abc123.js'), 'console.log(1)');

let t: TestContext;
beforeAll(async () => {
  t = await testApp(undefined, { config: { appDir } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(appDir, { recursive: true, force: true });
});

describe('the built app', () => {
  it('caches hashed assets for a year and never revalidates them', async () => {
    const res = await t.app.inject({ url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes the shell revalidate, for files and for client routes', async () => {
    for (const url of ['/index.html', '/magazine/12']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the shell compressed for client routes too, and JSON 404s for what is no route', async () => {
    for (const url of ['/', '/magazine/12', '/hi/magazines/BS?x=1']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SHELL);
    }
    for (const url of ['/api/no-such-thing', '/content/none', '/assets/none.js', '/media/none.webp', '/api/a/b/c']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await t.app.inject({ method: 'POST', url: '/magazine/12' })).statusCode).toBe(404);
  });
});
