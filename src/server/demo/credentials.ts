// The demo's logins. On a local-only start they are the published ones (the README's read2026 and
// READ-DEMO-2026), so a newcomer signs in at once; on any other start a published password would
// be a live console admin for anyone who read the README, so they are random, made for this
// database and printed once.
import crypto from 'node:crypto';
import { DEMO_ACCESS_CODE, DEMO_PASSWORD, DEMO_USERS } from './institutions';
import { madeUpCode } from '../repositories/console-access';

export interface DemoCredentials {
  /** The README's password and code (a local-only start). */
  published: boolean;
  passwordFor(email: string): string;
  accessCode: string;
}

export const PUBLISHED_CREDENTIALS: DemoCredentials = {
  published: true,
  passwordFor: () => DEMO_PASSWORD,
  accessCode: DEMO_ACCESS_CODE,
};

// No 0/o, 1/l/i to misread when copied from a terminal: 31 letters, 12 of them about 59 bits.
const LETTERS = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A password such as "k7qm-x2pd-h9tf" (within the password rules: short, not a common one). */
export function randomPassword(): string {
  const chars = Array.from({ length: 12 }, () => LETTERS[crypto.randomInt(LETTERS.length)]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

export function randomCredentials(): DemoCredentials {
  const passwords = new Map(DEMO_USERS.map((u) => [u.email, randomPassword()]));
  return { published: false, passwordFor: (email) => passwords.get(email) ?? randomPassword(), accessCode: `DEMO-${madeUpCode()}` };
}
