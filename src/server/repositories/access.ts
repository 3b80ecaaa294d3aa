// What an institution (edzLibId) may see in lists: category 127 never; newspapers (154) and
// journals (52) only when its flags allow. edzLibId 0 (no institution) sees both, as the spec's
// cookies default to showing them; reading is gated separately by entitlement.
import type { Queryable } from '../db/index';
import { HIDDEN_CATEGORY, JOURNAL_SECTION, NEWSPAPER_CATEGORY } from '../../shared/constants';
import { notFound } from '../plugins/errors';

export interface Visibility {
  newspapers: boolean;
  journals: boolean;
}

const cache = new Map<number, { v: Visibility; at: number }>();
const CACHE_MS = 30_000;

export async function visibilityFor(db: Queryable, edzLibId: number): Promise<Visibility> {
  if (!edzLibId) return { newspapers: true, journals: true };
  const hit = cache.get(edzLibId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.v;
  const { rows } = await db.query<{ newspapers: boolean; journals: boolean }>(
    'SELECT newspapers, journals FROM institutions WHERE id = $1',
    [edzLibId],
  );
  if (!rows.length) throw notFound(`Institution ${edzLibId}`);
  const v = { newspapers: rows[0].newspapers, journals: rows[0].journals };
  cache.set(edzLibId, { v, at: Date.now() });
  return v;
}

/** Category ids a list must leave out for this visibility. */
export function excludedCategories(v: Visibility): number[] {
  const out = [HIDDEN_CATEGORY];
  if (!v.newspapers) out.push(NEWSPAPER_CATEGORY);
  if (!v.journals) out.push(JOURNAL_SECTION);
  return out;
}
