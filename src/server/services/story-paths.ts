// Old story addresses: a story's slug once lost its vowel signs, and links to the old form live on.
import type { Queryable } from '../db/index';
import { storyUrlForOldSlug } from '../repositories/stories';

/** Where an old story page (/stories/… or /hi/stories/… with its vowel signs lost) lives now; null
 * for any other path. The app shell's route asks before it answers. */
export async function movedStoryPath(db: Queryable, path: string): Promise<string | null> {
  const m = /^(\/hi)?\/stories\/([^/]+)$/.exec(path);
  if (!m) return null;
  let url: string;
  try {
    url = decodeURIComponent(m[2]);
  } catch {
    return null;
  }
  const moved = await storyUrlForOldSlug(db, url.normalize('NFC'));
  return moved && `${m[1] ?? ''}/stories/${encodeURIComponent(moved)}`;
}
