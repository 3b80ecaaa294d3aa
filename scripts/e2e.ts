// The end-to-end suite as `npm run test:e2e` runs it: the spec files split into E2E_SHARDS
// groups (default 2) of about equal size, each a Playwright run of its own with its own server,
// data directory and ports (E2E_PORT, E2E_PORT + 1000, …), side by side. Most of a browser test's
// time is spent waiting on the page, so two runs on two cores take far less than one after the
// other. Arguments (spec files, --grep, …) run one Playwright run with them instead, as
// `npx playwright test` does.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_DEMO_TITLES } from '../tests/support/e2e-demo';
import { startServer } from '../tests/support/server-process';

const args = process.argv.slice(2);
const base = Number(process.env.E2E_PORT ?? 4173);
const shards = args.length ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2));

/** Spec files into `n` groups, largest first into the lightest group (a file's size stands in for
 * its time: the long files are the long journeys). */
function groups(n: number): string[][] {
  const dir = 'tests/e2e';
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => ({ file: path.join(dir, f), size: fs.statSync(path.join(dir, f)).size }))
    .sort((a, b) => b.size - a.size);
  const out = Array.from({ length: n }, () => ({ files: [] as string[], size: 0 }));
  for (const f of files) {
    const lightest = out.reduce((a, b) => (b.size < a.size ? b : a));
    lightest.files.push(f.file);
    lightest.size += f.size;
  }
  return out.map((g) => g.files.sort());
}

/** The demo library, loaded once for all the runs (each copies it, playwright.config.ts): rendering
 * its issues is the longest part of a server's first start, and two at once on two cores took
 * more than the four minutes a run waits for its server. What each start applies itself (the
 * OpenID provider, zones, limits) is left to the runs' own servers. */
async function seededDemo(): Promise<string> {
  const dir = path.resolve('.tmp', 'e2e-demo');
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`Loading the demo library once for the ${shards} runs…`);
  const started = Date.now();
  const server = await startServer(base + 9, { DATA_DIR: dir, DEMO_TITLES: E2E_DEMO_TITLES }, 600_000);
  await server.stop();
  console.log(`Demo library loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return dir;
}

// Stopping this stops the runs, which stop their servers.
const runs = new Set<ReturnType<typeof spawn>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of runs) child.kill('SIGINT');
    if (!runs.size) process.exit(1);
  });

function run(files: string[], port: number, label: string, seeded?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('node_modules/.bin/playwright', ['test', ...files], {
      env: { ...process.env, E2E_PORT: String(port), LECTERN_E2E_DATA_DIR: undefined, E2E_SEEDED_DATA: seeded },
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    // Side by side, each line says which run printed it.
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream?.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop()!;
        for (const line of lines) process.stdout.write(`${label} ${line}\n`);
      });
      stream?.on('end', () => rest && process.stdout.write(`${label} ${rest}\n`));
    }
    runs.add(child);
    child.on('exit', (code, signal) => {
      runs.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

let codes: number[];
if (shards === 1) codes = [await run(args, base, '')];
else {
  const seeded = await seededDemo();
  codes = await Promise.all(groups(shards).map((files, i) => run(files, base + 1000 * i, `[e2e ${i + 1}/${shards}]`, seeded)));
}
if (shards > 1) console.log(codes.map((c, i) => `e2e run ${i + 1}/${shards}: ${c === 0 ? 'passed' : `failed (exit ${c})`}`).join('\n'));
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
