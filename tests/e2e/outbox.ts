// Reads one-time codes from the server's outbox (no SMTP server is set in the end-to-end run),
// as an operator would.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

const outbox = () => path.join(process.env.LECTERN_E2E_DATA_DIR!, 'outbox');

function latest(kind: 'mail' | 'sms', to: string): string | null {
  const dir = path.join(outbox(), kind);
  if (!fs.existsSync(dir)) return null;
  const safe = to.replace(/[^A-Za-z0-9@+._-]/g, '_');
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.includes(safe))
    .sort()
    .at(-1);
  return file ? fs.readFileSync(path.join(dir, file), 'utf8') : null;
}

/** The newest code already sent to an address or number ('' when none). */
export const lastCode = (to: string, kind: 'mail' | 'sms' = to.includes('@') ? 'mail' : 'sms') =>
  latest(kind, to)?.match(/(\d{4,8}) is your/)?.[1] ?? '';

/** The newest code sent to an address or number, waiting for it to arrive. */
export async function codeFor(to: string, kind: 'mail' | 'sms' = to.includes('@') ? 'mail' : 'sms', notThis?: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        code = lastCode(to, kind);
        return code && code !== notThis ? code : '';
      },
      { message: `a code for ${to} in the outbox` },
    )
    .not.toBe('');
  return code;
}
