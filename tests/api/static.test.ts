import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';

// A tiny built app: the shell and one hashed asset.
const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-app-'));
fs.mkdirSync(path.join(appDir, 'assets'));
fs.writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>Lectern</title>');
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
});
