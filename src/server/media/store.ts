// Public media URLs. The files themselves go through the storage interface (storage.ts).

/** The public URL of a stored media name (public area only: page images have none). */
export const mediaUrl = (name: string | null | undefined) => (name ? `/media/${name}` : null);
