// `npm run ingest`: the command's refusals and its ingest into a data directory of its own.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PDFS, ROOT } from '../support/ingest';

describe('npm run ingest', () => {
  const cli = promisify(execFile);
  const run = (args: string[], dataDir: string) =>
    cli(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'src/server/ingest/cli.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  it('refuses in one line with exit code 1, ingests into a fresh database, and says when a file is already in', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-ingest-cli-'));
    try {
      const file = path.join(PDFS, 'issue6069.pdf');
      const bad = await run([file, '--title', 'CLI Test', '--date', '2026-02-30'], dataDir);
      expect(bad.code).toBe(1);
      expect(bad.stderr.trim()).toBe(`ingest: the date '2026-02-30' is not a real day as YYYY-MM-DD`);
      const unknown = await run([file, '--title', 'CLI Test', '--colour', 'red'], dataDir);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
      const ok = await run([file, '--title', 'CLI Test', '--issue', 'First', '--date', '2026-11-01'], dataDir);
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/Ingested issue 1 'First' of 'CLI Test': 1 pages/);
      const again = await run([file, '--title', 'CLI Test', '--issue', 'Second'], dataDir);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/Already in: issue 1 'First' of 'CLI Test' \(mid 1\) is this file; nothing added/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
