// Front-end budget: the JavaScript the home route loads on first visit, gzip-compressed.
// Starts the built app on a throwaway empty database, opens / in Chromium, and sums every
// script response the page fetched before it settled. Target: ≤ 150 KB gzip.
// Usage: npm run build && npm run bench:bundle
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium';
import { waitForHttp } from './support';

const port = 4391;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bundle-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
try {
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60_000);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => null);
    if (body) scripts.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
  await browser.close();
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip))
    console.log(`${kb(s.gzip).padStart(7)} KB gzip  ${kb(s.raw).padStart(7)} KB raw  ${s.url}`);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log(`\nHome route initial JavaScript: ${kb(total)} KB gzip in ${scripts.length} files (target ≤ 150 KB)`);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
