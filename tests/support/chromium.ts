// The machine's Chromium (Debian package), never a downloaded browser.
import fs from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumPath(): string {
  const p = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(p)) {
    throw new Error(`Chromium not found at ${p}. Install it with: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
  return p;
}
