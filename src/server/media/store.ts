// Public media URLs. Files themselves go through the storage interface (storage.ts).
export { STAGING_DIR, mediaName } from './storage';

/** The public URL of a stored media name (public area only: page images have none). */
export const mediaUrl = (name: string | null | undefined) => (name ? `/media/${name}` : null);
