// Spec §7: the catalogue and search calls carry gold=1 and the store (default 1). Lectern has one
// store for the app; the server checks the id names a store.
import { DEFAULT_STORE_ID } from '../../shared/constants';

export const STORE_ID = DEFAULT_STORE_ID;
/** magazine-filter and magazine-search spell it `gold`; mag search and search_list `isGold`. */
export const GOLD_STORE = { gold: 1, storeID: STORE_ID } as const;
