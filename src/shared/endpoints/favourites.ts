// Favourites under /content (spec §7): the signed-in reader's list, and the adds and removals the
// app's outbox delivers (with an Idempotency-Key and the device's time).
import { post } from './endpoint';
import { FavChangeBody, FavChangeReply, FavListBody, FavListReply } from '../schemas/favourites';

const errors = [400, 401, 403, 404] as const;

export const favouritesList = post('/content/getMyFav', { body: FavListBody, reply: FavListReply, errors });
export const favouritesAdd = post('/content/addmy_fav', { body: FavChangeBody, reply: FavChangeReply, errors });
export const favouritesRemove = post('/content/deletemy_fav', { body: FavChangeBody, reply: FavChangeReply, errors });
