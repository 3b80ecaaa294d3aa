// Chromium driven over its DevTools pipe (--remote-debugging-pipe), for the benches that must not
// enable the Runtime domain while they measure (Playwright and Lighthouse do: see start-tasks.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium';

type Send = <T = Record<string, unknown>>(method: string, params?: object, sessionId?: string) => Promise<T>;

/** A headless Chromium of its own profile; `send` calls a method, `on` hears an event. */
export function launchOverPipe() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-profile-'));
  const chromium = spawn(
    chromiumPath(),
    [...CHROMIUM_ARGS, '--headless', `--user-data-dir=${profile}`, '--remote-debugging-pipe', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toBrowser = chromium.stdio[3] as Writable;
  const fromBrowser = chromium.stdio[4] as Readable;
  // Messages on the pipe are JSON ended by NUL.
  let nextId = 1;
  let buffered = '';
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, (params: Record<string, unknown>) => void>();
  fromBrowser.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let end;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as {
        id?: number;
        method?: string;
        params?: Record<string, unknown>;
        result?: unknown;
        error?: { message: string };
      };
      buffered = buffered.slice(end + 1);
      if (message.method) listeners.get(message.method)?.(message.params ?? {});
      const call = message.id ? waiting.get(message.id) : undefined;
      if (!call) continue;
      waiting.delete(message.id!);
      if (message.error) call.reject(new Error(message.error.message));
      else call.resolve(message.result);
    }
  });
  const send: Send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      toBrowser.write(JSON.stringify({ id, method, params, sessionId }) + '\0');
    });
  return {
    send,
    on: (method: string, listener: (params: Record<string, unknown>) => void) => listeners.set(method, listener),
    /** Ends Chromium and removes its profile once it has exited (it writes the profile as it exits). */
    async close() {
      const exited = chromium.exitCode !== null ? Promise.resolve() : new Promise((resolve) => chromium.once('exit', resolve));
      chromium.kill();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

/** A new browser context and page on a phone's screen with the CPU slowed 4x, ready to navigate. */
export async function phonePage(send: Send) {
  const { browserContextId } = await send<{ browserContextId: string }>('Target.createBrowserContext');
  const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
  await send('Emulation.setCPUThrottlingRate', { rate: 4 }, sessionId);
  await send('Emulation.setDeviceMetricsOverride', { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true }, sessionId);
  await send('Page.enable', {}, sessionId);
  return { sessionId, dispose: () => send('Target.disposeBrowserContext', { browserContextId }) };
}
