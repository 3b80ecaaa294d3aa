// A Lectern server in its own process, as `npm start` runs it: for tests that need a server set
// up differently from the shared one (and for the benchmarks).
import { spawn } from 'node:child_process';
import net from 'node:net';
import { pgliteFromTemplate } from './pglite-template';

/** A loopback port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts the server on a loopback port with the given environment; resolves once it answers.
 * With `movableClock`, `minuteOn()` moves the server's clock a minute on (movable-clock.mjs). With
 * `pgliteTemplate`, a DATA_DIR with no database yet starts from a copy of that migrated one
 * (pglite-template.ts). */
export async function startServer(
  port: number,
  env: Record<string, string>,
  timeoutMs = 180_000,
  { movableClock = false, pgliteTemplate }: { movableClock?: boolean; pgliteTemplate?: string } = {},
) {
  if (pgliteTemplate) pgliteFromTemplate(pgliteTemplate, env.DATA_DIR);
  const preload = movableClock ? ['--import', './tests/support/movable-clock.mjs'] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload, 'src/server/server.ts'], {
    // No demo network zone unless asked for: every client here is on loopback, which it covers.
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'error', DEMO_ZONE_CIDR: 'off', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  /** The exit code (null when ended by a signal). */
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    await waitForHttp(`${base}/api/health`, timeoutMs);
  } catch (err) {
    await stop();
    throw err;
  }
  const minuteOn = () => {
    // Without the preload the signal would end the server.
    if (!movableClock) throw new Error('started without movableClock');
    child.kill('SIGUSR2');
  };
  return { base, stop, exited, pid: child.pid!, minuteOn };
}
