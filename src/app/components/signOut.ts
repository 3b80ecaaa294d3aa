// Signing out (spec §4): online, what this reader did offline is delivered first and their
// downloads are given back; then the server ends the session. The caller then clears the local
// session, and with it everything of this reader's on the device. Works offline too: the local
// session ends whatever the server says.
import { callApi } from '../lib/api';
import { logout } from '../../shared/endpoints/account';
import { deliverNow } from '../outbox/sync';
import { removeDownload } from '../downloads/store';

export async function signOutOnServer(): Promise<void> {
  if (navigator.onLine) {
    await removeDownload().catch(() => undefined);
    await deliverNow().catch(() => undefined);
  }
  await callApi(logout).catch(() => undefined);
}
