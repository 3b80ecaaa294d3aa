// The real RADIUS client (FreeRADIUS's radclient, Debian's freeradius-utils) for the zone-arrival
// tests and bench:radius, and raw UDP for what radclient will not send (the same packet twice,
// malformed bytes, another source address).
import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import radius from 'radius';

export interface RadclientResult {
  /** radclient's exit code: 0 when an answer came, 1 when none did. */
  code: number;
  out: string;
}

/** Sends one Accounting-Request with these attributes (radclient's `Name = value` list) and waits
 * for the answer, retrying once after `timeoutS`. */
export function radclient(
  port: number,
  secret: string,
  attributes: Record<string, string | number>,
  opts: { timeoutS?: number; retries?: number } = {},
): Promise<RadclientResult> {
  const line = Object.entries(attributes)
    .map(([k, v]) => `${k} = ${typeof v === 'number' || /^[\w.-]+$/.test(v) ? v : JSON.stringify(v)}`)
    .join(', ');
  // The secret goes in a file (-S): on the command line radclient reads one that starts with "-" as options.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radclient-'));
  const secretFile = path.join(dir, 'secret');
  fs.writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  return new Promise<RadclientResult>((resolve, reject) => {
    const child = spawn('radclient', [
      '-r',
      String(opts.retries ?? 1),
      '-t',
      String(opts.timeoutS ?? 1),
      '-S',
      secretFile,
      `127.0.0.1:${port}`,
      'acct',
    ]);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
    child.stdin.end(`${line}\n`);
  }).finally(() => fs.rmSync(dir, { recursive: true, force: true }));
}

/** An Accounting-Request encoded by the `radius` codec (Request Authenticator per RFC 2866). */
export const accountingRequest = (secret: string, identifier: number, attributes: [string, string | number | Date][]) =>
  radius.encode({ code: 'Accounting-Request', secret, identifier, attributes });

/** Sends raw bytes from `from` (any 127/8 address) and resolves with the answer, or null after `waitMs`. */
export function sendRaw(port: number, packet: Buffer, opts: { from?: string; waitMs?: number } = {}): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    const done = (answer: Buffer | null) => {
      clearTimeout(timer);
      socket.close();
      resolve(answer);
    };
    const timer = setTimeout(() => done(null), opts.waitMs ?? 500);
    socket.on('message', (msg) => done(msg));
    socket.on('error', (err) => {
      clearTimeout(timer);
      socket.close();
      reject(err);
    });
    socket.bind(0, opts.from ?? '127.0.0.1', () => socket.send(packet, port, '127.0.0.1'));
  });
}
