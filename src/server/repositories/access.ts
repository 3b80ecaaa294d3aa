// What an institution (edzLibId) may see in lists: category 127 never; newspapers (154) and
// journals (52) only when its flags allow. edzLibId 0 (no institution) sees both, as the spec's
// cookies default to showing them; reading is gated separately by entitlement.
import type { Queryable } from '../db/index';
import { HIDDEN_CATEGORY, JOURNAL_SECTION, NEWSPAPER_CATEGORY } from '../../shared/constants';
import { badRequest, notFound } from '../http-error';

export interface Visibility {
  newspapers: boolean;
  journals: boolean;
}

// Kept 30 s per database handle, not per process: institution ids repeat across databases (two
// apps in one process, as the API tests run them, must not see each other's flags).
const caches = new WeakMap<Queryable, Map<number, { v: Visibility; at: number }>>();
const CACHE_MS = 30_000;

export async function visibilityFor(db: Queryable, edzLibId: number): Promise<Visibility> {
  if (!edzLibId) return { newspapers: true, journals: true };
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
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

/** Spec §7 storeID: the store whose titles a list or search covers. An id that names no store is
 * bad input (400), not an empty answer. Stores change with a migration, so the list is kept 30 s. */
const storeIds = new WeakMap<Queryable, { ids: Set<number>; at: number }>();
export async function assertStore(db: Queryable, storeId: number): Promise<void> {
  let known = storeIds.get(db);
  if (!known || Date.now() - known.at >= CACHE_MS) {
    const { rows } = await db.query<{ store_id: number }>('SELECT store_id FROM stores');
    known = { ids: new Set(rows.map((r) => r.store_id)), at: Date.now() };
    storeIds.set(db, known);
  }
  if (!known.ids.has(storeId)) throw badRequest(`storeID ${storeId} is not a store`);
}
