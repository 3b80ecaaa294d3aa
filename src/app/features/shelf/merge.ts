// Where to continue: the server's progress (any device) and this device's, the newer one winning.
import type { ContinueItem } from '../../../shared/schemas/shelf';
import type { LocalProgress } from '../../db/index';

/** A started issue with the page to resume at. */
export type ShelfItem = ContinueItem & { page: number; at: number };

/** The newer of each issue's server and device page, newest first; issues with no page left out. */
export function mergeProgress(items: ContinueItem[], local: LocalProgress[]): ShelfItem[] {
  const mine = new Map(local.map((p) => [p.issueId, p]));
  return items
    .map((item) => {
      const here = mine.get(item.issueId);
      return here && (item.at === null || here.at > item.at) ? { ...item, page: here.page, at: here.at } : item;
    })
    .filter((i): i is ShelfItem => i.page !== null && i.at !== null)
    .sort((a, b) => b.at - a.at);
}
