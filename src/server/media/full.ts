// A full media volume (or a user's disk quota reached) is the operator's to fix, not a bug in a
// request: the error handler answers 507 with a message that says nothing was saved.

const FULL = new Set(['ENOSPC', 'EDQUOT']);

export const STORAGE_FULL_MESSAGE =
  'The media storage is full, so nothing was saved. Please tell the service operator and try again later.';

export function isStorageFull(err: unknown): boolean {
  return !!err && typeof err === 'object' && FULL.has(String((err as { code?: unknown }).code));
}
