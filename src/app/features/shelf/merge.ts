// Where to continue: the server's progress (any device) and this device's, the newer one winning.
import type { ContinueItem } from '../../../shared/schemas/shelf';
import type { LocalProgress } from '../../db/index';

/** A started issue with the page to resume at. */
export type ShelfItem = ContinueItem & { page: number; at: number };

/** Finished: the last page was reached (the reader saves the last page when its end panel opens). */
export const finished = (item: { page: number; pages: number }) => item.pages > 0 && item.page >= item.pages;

/** The newer of each issue's server and device page, newest first; issues with no page and
 * finished issues left out (Continue reading is for what is left to read). */
export function mergeProgress(items: ContinueItem[], local: LocalProgress[]): ShelfItem[] {
  const mine = new Map(local.map((p) => [p.issueId, p]));
  return items
    .map((item) => {
      const here = mine.get(item.issueId);
      return here && (item.at === null || here.at > item.at) ? { ...item, page: here.page, at: here.at } : item;
    })
    .filter((i): i is ShelfItem => i.page !== null && i.at !== null && !finished({ page: i.page, pages: i.pages }))
    .sort((a, b) => b.at - a.at);
}
