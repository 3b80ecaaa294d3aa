// The first library console admin without a default password (npm run admin -- create <email>):
// the account is made or found, given the admin role (audited as made by 'operator'), and a
// sign-in code that works once is made for it: the "sign in on another device" code, typed at
// /login/code. Signed in, the admin sets a password in My Account, or signs in later with a
// one-time code by e-mail.
import type { Db } from '../db/index';
import { Email } from '../../shared/schemas/account';
import { DEVICE_CODES_LIVE_MAX, showDeviceCode } from '../../shared/device-code';
import { createUser, findUserByContact } from '../repositories/users';
import { grantConsoleRole } from '../repositories/console';
import { createDeviceCode } from '../repositories/device-codes';

/** Long enough to start the server and open a browser; short enough that a code left in a
 * terminal's scrollback is soon worth nothing. */
export const ADMIN_CODE_TTL_S = 30 * 60;

export interface NewAdmin {
  email: string;
  created: boolean;
  code: string;
  expiresAt: Date;
}

/** Makes or finds the account, makes it an admin, and gives it a one-time sign-in code. */
export async function createAdmin(db: Db, typed: string): Promise<NewAdmin> {
  const parsed = Email.safeParse(typed);
  if (!parsed.success) throw new Error(`"${typed}" is not an e-mail address.`);
  const contact = { channel: 'email' as const, email: parsed.data };
  const found = await findUserByContact(db, contact);
  const user = found ?? (await createUser(db, contact));
  const granted = await grantConsoleRole(db, { email: contact.email, role: 'admin', orgCode: null, actorId: null });
  if (!granted.ok) throw new Error(granted.reason);
  const made = await createDeviceCode(db, user.id, ADMIN_CODE_TTL_S, DEVICE_CODES_LIVE_MAX);
  if (!made)
    throw new Error(`${contact.email} has ${DEVICE_CODES_LIVE_MAX} sign-in codes waiting already: use one, or wait until they expire.`);
  return { email: contact.email, created: !found, code: showDeviceCode(made.code), expiresAt: made.expiresAt };
}
