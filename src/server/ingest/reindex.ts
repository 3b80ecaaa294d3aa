// `npm run ingest -- --reindex`: page text that an earlier ingest stored gets the current
// Devanagari repair, and with it the search index (the pages' search column and issue_search).
// The PDFs are not kept, so the stored text is repaired: whether an issue is in visual order is
// decided over all its pages (devanagari.ts), and text already right is left as it is, so a
// second run changes nothing. The server runs it once per repair version at start
// (repairStoredTextOnce), so stored text gets a new repair without anyone running the command.
import type { Db } from '../db/index';
import { searchText } from '../../shared/search-text';
import { issuePageTexts, issuesWithDevanagari, markStepDone, setPageTexts, stepDone } from '../repositories/page-text';
import { repairStoredDevanagari, storedLooksVisual } from './devanagari';

export interface ReindexProgress {
  done: number;
  total: number;
  issueId: number;
  pagesChanged: number;
}

export async function reindexPageText(
  db: Db,
  onIssue?: (p: ReindexProgress) => void,
): Promise<{ issues: number; issuesChanged: number; pagesChanged: number }> {
  const ids = await issuesWithDevanagari(db);
  let issuesChanged = 0;
  let pagesChanged = 0;
  for (const [i, issueId] of ids.entries()) {
    // one transaction per issue: its pages and its search row change together
    const changed = await db.transaction(async (tx) => {
      const pages = await issuePageTexts(tx, issueId);
      const visual = pages.some((p) => storedLooksVisual(p.text));
      const updates = pages
        .map((p) => ({ pageNo: p.pageNo, text: searchText(repairStoredDevanagari(p.text, visual)) }))
        .filter((p, j) => p.text !== pages[j].text);
      await setPageTexts(tx, issueId, updates);
      return updates.length;
    });
    if (changed) issuesChanged++;
    pagesChanged += changed;
    onIssue?.({ done: i + 1, total: ids.length, issueId, pagesChanged: changed });
  }
  return { issues: ids.length, issuesChanged, pagesChanged };
}

/** Raised whenever the repair (devanagari.ts, shared/hindi-text.ts) puts back more than before:
 * the next start repairs and re-indexes the stored text once. Version 2: the split ों. */
export const TEXT_REPAIR_STEP = 'page-text-repair:2';

/** At start, before serving: the stored text gets the current repair if this database has not had
 * it. Safe to run twice (or in two processes at once): the repair of repaired text changes nothing. */
export async function repairStoredTextOnce(db: Db): Promise<{ issues: number; issuesChanged: number; pagesChanged: number } | null> {
  if (await stepDone(db, TEXT_REPAIR_STEP)) return null;
  const result = await reindexPageText(db);
  await markStepDone(db, TEXT_REPAIR_STEP);
  return result;
}
