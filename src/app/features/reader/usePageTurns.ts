// Where the reader is and how they move: the spreads (facing pages or one), the page, the end
// panel past the last page, the bars (which give the page the whole screen after a turn on
// phones), and the address (#page/{n}: the back button and an edited hash move the reader).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { IssueManifest } from '../../../shared/schemas/reader';
import { afterFrame } from '../../lib/next-task';
import { pageFromHash, spreadIndexOf, spreadsOf } from './spreads';

export function usePageTurns(
  manifest: IssueManifest | null,
  { facing, phone }: { facing: boolean; phone: boolean },
  page: number,
  setPage: (page: number) => void,
) {
  const [bars, setBars] = useState(true);
  const [atEnd, setAtEnd] = useState(false);

  const spreads = useMemo(() => spreadsOf(manifest?.pages.length ?? 0, facing), [manifest, facing]);
  const index = spreadIndexOf(spreads, page || 1);
  const current = useMemo(() => spreads[index] ?? [], [spreads, index]);
  const count = manifest?.pages.length ?? 0;

  const goTo = useCallback(
    (n: number) => {
      if (!count) return;
      setAtEnd(false);
      const target = Math.min(count, Math.max(1, n));
      if (target === page) return;
      performance.mark('page-turn-start');
      setPage(target);
    },
    [count, page, setPage],
  );
  // Turning (swipe, arrows, keys) gives the page the whole screen on phones; past the last page is the end panel.
  const turn = useCallback(
    (direction: 1 | -1) => {
      if (phone) setBars(false);
      if (atEnd) return direction < 0 && setAtEnd(false);
      const next = spreads[index + direction];
      if (next) goTo(next[0]);
      else if (direction > 0 && spreads.length) setAtEnd(true);
    },
    [spreads, index, goTo, phone, atEnd],
  );
  const toggleBars = useCallback(() => setBars((b) => !b), []);
  const showBars = useCallback(() => setBars(true), []);

  // The URL follows the page once the turn's frame is drawn (history.replaceState was one of the
  // largest scripts of a turn in its CPU profile); an edited hash moves the reader.
  useEffect(() => {
    if (!manifest || !current.length) return;
    const hash = `#page/${current[0]}`;
    return afterFrame(() => location.hash !== hash && history.replaceState(history.state, '', hash));
  }, [manifest, current]);
  useEffect(() => {
    const onHash = () => {
      const n = pageFromHash(location.hash);
      if (n) goTo(n);
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, [goTo]);

  return { spreads, index, current, count, goTo, turn, atEnd, setAtEnd, bars, toggleBars, showBars };
}
