// The reader's catalogue reads beyond the issue itself: the issues either side of it (the end
// panel) and the extracted text of the shown pages. Plain hooks, not the query cache: the reader
// is its own small bundle (reader.html) and keeps nothing beyond the tab.
import { useEffect, useState } from 'react';
import { contentAt, contentGet } from '../../lib/api';
import { pageTextPath } from '../../../shared/reader-paths';
import type { Issue, IssuesResponse } from '../../../shared/schemas/content';
import type { IssueManifest, PageText } from '../../../shared/schemas/reader';

export interface Neighbours {
  newer: Issue | null;
  older: Issue | null;
}

/** The regular issues just before and after this one, from the title's issue list (newest first);
 * null while asking, and neither when the list cannot be had (offline). */
export function useNeighbours(m: IssueManifest): Neighbours | null {
  const [found, setFound] = useState<Neighbours | null>(null);
  useEffect(() => {
    const regular = (r: IssuesResponse) => r.edt_details.filter((i) => !i.isSpecial && i.issueId !== m.issueId);
    Promise.all([
      contentGet('/content/getIssuesByMag', { mid: m.mid }),
      contentGet('/content/getIssuesByMag', { mid: m.mid, lst_dt: m.pubDate.slice(0, 10) }),
    ])
      .then(([latest, before]) =>
        setFound({ newer: regular(latest).findLast((i) => i.pubDate > m.pubDate) ?? null, older: regular(before)[0] ?? null }),
      )
      .catch(() => setFound({ newer: null, older: null }));
  }, [m.mid, m.issueId, m.pubDate]);
  return found;
}

/** Each page's text: undefined while asking, null when it has none (or cannot be had). A page is
 * asked for once, the first time it shows. */
export function usePageTexts(issueId: number, pages: number[], code: string | null): Record<number, string | null> {
  const [texts, setTexts] = useState<Record<number, string | null>>({});
  useEffect(() => {
    for (const n of pages) {
      if (n in texts) continue;
      contentAt<PageText>(pageTextPath(issueId, n, code ?? undefined))
        .then((p) => setTexts((all) => ({ ...all, [n]: p.text })))
        .catch(() => setTexts((all) => ({ ...all, [n]: null })));
    }
  }, [issueId, pages, code, texts]);
  return texts;
}
