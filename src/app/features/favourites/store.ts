// Favourites on the device (IndexedDB, per reader), synced with the server: screens read them
// from here first, so they work with no network. A toggle is stored at once and queued in the
// outbox with the time it was made; the server keeps the newest change per title, so the same
// title toggled on two devices ends as it was last toggled. Until the server has a change, the
// title shows as waiting.
import { lecternDb, STORES, type FavouriteRecord } from '../../db/index';
import { callApi } from '../../lib/api';
import { STORAGE, storedUser } from '../../lib/session';
import type { MagazineCard } from '../../../shared/schemas/content';
import { queue } from '../../outbox/sync';
import { waitingSlots } from '../../outbox/outbox';

export interface LocalFavourites {
  /** Favourite titles, newest first. */
  cards: MagazineCard[];
  /** Titles whose last change has not reached the server yet. */
  waiting: Set<number>;
}

const slotOf = (mid: number) => `fav:${mid}`;

/** The favourites' mids under the spec's local-storage key, so a tile can show the heart without IndexedDB. */
function mirror(cards: MagazineCard[]) {
  localStorage.setItem(STORAGE.favourites, JSON.stringify(cards.map((c) => c.mid)));
}

export async function readFavourites(user: string): Promise<LocalFavourites> {
  const [records, slots] = await Promise.all([(await lecternDb()).getAllFromIndex(STORES.favourites, 'user', user), waitingSlots(user)]);
  const waiting = new Set(records.filter((r) => slots.has(slotOf(r.mid))).map((r) => r.mid));
  // The device's own changes first (newest first), then the server's order.
  const rank = (r: FavouriteRecord) => (waiting.has(r.mid) ? 1 : 0);
  const cards = records
    .filter((r) => r.on)
    .sort((a, b) => rank(b) - rank(a) || b.at - a.at)
    .map((r) => r.card);
  mirror(cards);
  return { cards, waiting };
}

/** Adds or removes a favourite on the device and queues the change for the server. */
export async function setFavourite(card: MagazineCard, on: boolean): Promise<void> {
  const user = storedUser();
  if (!user) return;
  const at = Date.now();
  await (await lecternDb()).put(STORES.favourites, { user: user.uuid, mid: card.mid, on, card, at });
  await queue({
    path: on ? '/content/addmy_fav' : '/content/deletemy_fav',
    body: { uid: user.uid, mid: card.mid, os: 'web', at },
    slot: slotOf(card.mid),
  });
}

/** Takes the server's list for every title with no change waiting (the device's own changes
 * stand until they are delivered). Throws ApiError when the server cannot be reached. */
export async function syncFavourites(): Promise<void> {
  const user = storedUser();
  if (!user) return;
  const { favouritesList } = await import('../../../shared/endpoints/favourites'); // (see lib/api.ts)
  const reply = await callApi(favouritesList, { body: { uid: user.uid, os: 'web' } });
  const slots = await waitingSlots(user.uuid);
  const db = await lecternDb();
  const tx = db.transaction(STORES.favourites, 'readwrite');
  const onServer = new Map(reply.magazineList.map((card, i) => [card.mid, { card, rank: i }]));
  const now = Date.now();
  for (let c = await tx.store.index('user').openCursor(user.uuid); c; c = await c.continue()) {
    if (slots.has(slotOf(c.value.mid))) continue;
    const server = onServer.get(c.value.mid);
    if (!server) await c.delete();
  }
  // The server lists newest first; its order becomes the device's.
  for (const [mid, { card, rank }] of onServer) {
    if (slots.has(slotOf(mid))) continue;
    const record: FavouriteRecord = { user: user.uuid, mid, on: true, card, at: now - 1000 - rank };
    await tx.store.put(record);
  }
  await tx.done;
}
