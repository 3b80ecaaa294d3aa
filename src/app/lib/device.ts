// A random id for this browser, so the server can count devices for the download limits
// without fingerprinting anybody. Kept for as long as the site's storage is.
import { LOCAL } from '../../shared/storage-names';

const KEY = LOCAL.deviceId;

export function deviceId(): string {
  let id = localStorage.getItem(KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(KEY, id);
  }
  return id;
}
