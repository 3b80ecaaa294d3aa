// The console's API tests' users on the test catalogue (tests/fixtures/catalogue.ts): a librarian
// of the active institution (ACT), one of the expired institution (EXP), and an admin.
import { expect } from 'vitest';
import { grantConsoleRole } from '../../src/server/repositories/console';
import type { TestContext } from './app';

export const LIB = 'librarian@active.edu';
export const OTHER = 'librarian@expired.edu';
export const ADMIN = 'admin@example.com';

/** Gives the three their console roles (their accounts must exist: sign them in first). */
export async function grantTestConsoleRoles(db: TestContext['db']): Promise<void> {
  for (const [email, role, orgCode] of [
    [LIB, 'librarian', 'ACT'],
    [OTHER, 'librarian', 'EXP'],
    [ADMIN, 'admin', null],
  ] as const)
    expect(await grantConsoleRole(db, { email, role, orgCode, actorId: null })).toMatchObject({ ok: true });
}
