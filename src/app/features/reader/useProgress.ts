// Progress and read events: each shown page is a page view and the spread's first page is the
// place to resume; the end panel means the issue is read to its end (its last page is saved,
// which takes it out of Continue reading). What is buffered goes out when the network comes back
// and when the tab is hidden (tracking.ts keeps it offline).
import { useEffect } from 'react';
import { afterFrame } from '../../lib/next-task';
import { flushProgress, flushReads, recordRead, saveProgress } from './tracking';

/** Stores waiting for their turn's frame to be drawn. */
const waiting = new Set<() => Promise<void>>();
const run = (work: () => Promise<void>) => (waiting.delete(work) ? work() : Promise.resolve());

/** Runs `work` in a task after the next frame, or when the tab is hidden first: a hidden tab draws
 * no frame, and may be closed before it shows again. */
const afterPaint = (work: () => Promise<void>) => {
  waiting.add(work);
  afterFrame(() => void run(work));
};

export function useProgress(
  issueId: number,
  { current, atEnd, count }: { current: number[]; atEnd: boolean; count: number },
  open: boolean,
) {
  useEffect(() => {
    const flush = () => void flushReads();
    addEventListener('online', flush);
    const hidden = () => {
      if (document.visibilityState !== 'hidden') return;
      void Promise.all([...waiting].map(run)).then(() => {
        void flushProgress();
        flush();
      });
    };
    document.addEventListener('visibilitychange', hidden);
    return () => {
      removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, []);

  // Stored once the turn's frame is painted: IndexedDB's transactions were the largest script of
  // a turn in its CPU profile, and the page need not wait for them.
  useEffect(() => {
    if (!open || !current.length) return;
    afterPaint(async () => {
      const views = current.map((page) => recordRead({ kind: 'page_view', issueId, page, source: 'web' }));
      await Promise.all([...views, saveProgress(issueId, current[0])]);
    });
  }, [open, current, issueId]);

  useEffect(() => {
    if (atEnd && count > 0) afterPaint(() => saveProgress(issueId, count)); // (after the last turn's save)
  }, [atEnd, count, issueId]);
}
