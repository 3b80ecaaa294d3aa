// Security headers (helmet) on every kind of answer: the app shell with its hashed inline
// stylesheet, the reader page with its hashed inline boot script, the API, errors; Referrer-Policy on token URLs; HSTS and Secure cookies only over HTTPS (or with a PUBLIC_URL on https:).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';

const BOOT = `\n      (function () { window.readerBoot = { code: new URLSearchParams(location.search).get('code') }; })();\n    `;
const bootHash = `'sha256-${crypto.createHash('sha256').update(BOOT).digest('base64')}'`;
const SHELL_CSS = 'body{margin:0}.site-header{background:#1d2a3a}';
const shellCssHash = `'sha256-${crypto.createHash('sha256').update(SHELL_CSS).digest('base64')}'`;

let appDir: string;
let t: TestContext;
beforeAll(async () => {
  appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-headers-'));
  fs.writeFileSync(
    path.join(appDir, 'index.html'),
    `<!doctype html><html><head><style>${SHELL_CSS}</style><script type="module" src="/assets/main.js"></script></head><body></body></html>`,
  );
  fs.writeFileSync(
    path.join(appDir, 'reader.html'),
    `<!doctype html><html><head><script>${BOOT}</script><script type="module" crossorigin src="/assets/reader.js"></script></head><body></body></html>`,
  );
  t = await testApp(undefined, { config: { appDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(appDir, { recursive: true, force: true });
});

/** The CSP as a map of directive to its sources. */
const csp = (header: string | string[] | number | undefined) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

describe('security headers', () => {
  it('sends a strict CSP and the other headers on the shell, the reader, the API and errors', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/' }),
      t.app.inject({ method: 'GET', url: '/titles/some-title' }),
      t.app.inject({ method: 'GET', url: '/reader/1?code=abc' }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      t.app.inject({ method: 'POST', url: '/api/guest/login', payload: {} }), // 403: no XSRF pair
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 404, 403]);
    for (const res of answers) {
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['default-src']).toEqual(["'self'"]);
      // Scripts: our own files and the reader's boot script by its hash; nothing inline otherwise.
      expect(policy['script-src']).toEqual(["'self'", bootHash]);
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      // Styles: our own files and the shell's inline stylesheet by its hash.
      expect(policy['style-src']).toEqual(["'self'", shellCssHash]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['worker-src']).toEqual(["'self'"]);
      expect(policy['manifest-src']).toEqual(["'self'"]);
      expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline');
      expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['permissions-policy']).toContain('geolocation=(self)');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      // Plain HTTP: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    expect(answers[0].headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answers[3].headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends no Referer from pages whose URL carries a reader token', async () => {
    for (const url of [
      '/reader/1?code=abc',
      '/%72eader/1?code=abc',
      '/content/reader/1?code=abc',
      '/content/reader/1/pages/1/large.webp?code=abc',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.headers['referrer-policy']]).toEqual([url, 'no-referrer']);
    }
  });

  it('sends HSTS only when the request came over HTTPS (through a trusted proxy)', async () => {
    const spoofed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const proxied = await testApp(undefined, { config: { appDir, trustProxy: 1 } });
    try {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}/);
    } finally {
      await proxied.close();
    }
  });

  it('with a PUBLIC_URL on https: (a TLS proxy in front, TRUST_PROXY unset) sends HSTS and Secure cookies', async () => {
    const xsrfCookie = (res: { cookies: { name: string; secure?: boolean }[] }) => res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(xsrfCookie(plain)?.secure).toBeFalsy();

    const behindTls = await testApp(undefined, { config: { appDir, publicUrl: 'https://read.example.edu' } });
    try {
      const res = await behindTls.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}/);
      expect(xsrfCookie(res)?.secure).toBe(true);
    } finally {
      await behindTls.close();
    }
  });
});
