// Favourites (spec §7): getMyFav, addmy_fav, deletemy_fav under /content, POST with the user
// token. uid is the user's uuid encoded as the login answer gives it; success is status 'success'.
import { z } from 'zod';
import { MagazineCard } from './content';
import { epochMs, int, line } from './fields';

export const FavListBody = z.object({ uid: line().min(1).max(200), os: line().max(20).default('web') });
/** `at`: when the change was made on the device (epoch ms; the newest change wins, a time ahead
 * of the server's counts as now, none means now). */
export const FavChangeBody = FavListBody.extend({ mid: int(1), at: epochMs.optional() });

export const FavListReply = z.object({
  status: z.literal('success'),
  /** The spec's shape: msg[0].mid.values is the list of favourite mids, newest first. */
  msg: z.array(z.object({ mid: z.object({ values: z.array(z.number()) }) })),
  magazineList: z.array(MagazineCard),
});
export type FavListReply = z.infer<typeof FavListReply>;

/** result 1: the title was added; 0: it was removed (spec §4). applied false: a newer change
 * already stood, so this one changed nothing. */
export const FavChangeReply = z.object({
  status: z.literal('success'),
  result: z.union([z.literal(0), z.literal(1)]),
  applied: z.boolean().optional(),
});
export type FavChangeReply = z.infer<typeof FavChangeReply>;
