// The page images: the stage's size (the shown pages fit in it), one rendition for the window by
// the device pixels the shown page takes, a wider one for a zoomed page, and the neighbouring
// spreads loaded and decoded before they are needed, so a turn only swaps what is already there.
// Each page's URLs are fixed at first use: a renewed token must not reload what is on screen.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { largerSize, pageImagePath, pageSizeFor, type PageSize } from '../../../shared/reader-paths';
import type { IssueManifest, ReaderPage } from '../../../shared/schemas/reader';
import { RENEW_BEFORE_S, type useReaderToken } from './useReaderToken';
import { dropBootPage } from './useIssue';

/** How many spreads either side of the current one stay loaded. */
const AHEAD = 2;
const BEHIND = 1;

interface Where {
  spreads: number[][];
  index: number;
  current: number[];
}

export function usePageImages(
  issueId: number,
  manifest: IssueManifest | null,
  { spreads, index, current }: Where,
  { grant, renew, redraw }: ReturnType<typeof useReaderToken>,
  { sideways, scale }: { sideways: boolean; scale: number },
) {
  // The neighbours load once the first pages are in: on a slow network they would share its bandwidth.
  const [firstLoaded, setFirstLoaded] = useState(false);

  // The stage's size: a resize re-renders, which may change the image size.
  const stage = useRef<HTMLElement>(null);
  const [stageSize, setStageSize] = useState({ w: innerWidth, h: innerHeight });
  useLayoutEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = () => setStageSize({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [manifest]);

  const urls = useRef(new Map<number, Record<PageSize, string> & { code: string | null }>());
  const urlsOf = (n: number) => {
    let u = urls.current.get(n);
    if (!u) {
      const code = grant.current.code;
      u = {
        small: pageImagePath(issueId, n, 'small', code ?? undefined),
        large: pageImagePath(issueId, n, 'large', code ?? undefined),
        xlarge: pageImagePath(issueId, n, 'xlarge', code ?? undefined),
        code,
      };
      urls.current.set(n, u);
    }
    return u;
  };
  // A page refused because its token lapsed (a tab asleep past the renewal, a page first shown
  // long after it was listed): renew if due, then load it again with the current token.
  const onPageError = async (n: number) => {
    const used = urls.current.get(n);
    if (!used?.code || !navigator.onLine) return;
    if (used.code === grant.current.code) {
      if (grant.current.expiresAt - Date.now() / 1000 > RENEW_BEFORE_S) return; // not a token matter
      await renew();
    }
    if (used.code === grant.current.code) return;
    urls.current.delete(n);
    redraw();
  };

  const cols = current.length || 1;
  const displayWidth = (p: ReaderPage) =>
    Math.floor(sideways ? stageSize.w : Math.min(stageSize.w / cols, (stageSize.h * p.large) / p.height));
  const windowPages = firstLoaded ? spreads.slice(Math.max(0, index - BEHIND), index + AHEAD + 1).flat() : current;
  // One rendition for the window (pageSizeFor, the rule the boot script and downloads use too); a
  // zoomed page swaps to a wider one when the zoom needs it (the narrower one stays up until it is in).
  const shownPage = manifest?.pages[(current[0] ?? 1) - 1];
  const fitted = shownPage ? displayWidth(shownPage) : innerWidth;
  const size = pageSizeFor(fitted, devicePixelRatio);
  // The shadow under the pages takes the shown page's box (as its image fits it).
  const shadowSize = shownPage && { width: fitted, height: Math.min(stageSize.h, (fitted * shownPage.height) / shownPage.large) };
  const zoomedSize = largerSize(size, pageSizeFor(fitted * scale, devicePixelRatio));

  // Measure the turn: from the gesture to the new pages decoded and painted.
  const pagesRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!performance.getEntriesByName('page-turn-start').length) return;
    const imgs = [...(pagesRef.current?.querySelectorAll<HTMLImageElement>('img.reader__page--shown') ?? [])];
    void Promise.all(imgs.map((i) => i.decode().catch(() => undefined))).then(() =>
      requestAnimationFrame(() => {
        performance.measure('page-turn', 'page-turn-start');
        performance.clearMarks('page-turn-start');
      }),
    );
  }, [index]);

  return {
    stage,
    pagesRef,
    urlsOf,
    onPageError,
    shownLoaded: () => {
      dropBootPage();
      setFirstLoaded(true);
    },
    displayWidth,
    shadowSize,
    windowPages,
    size,
    zoomedSize,
  };
}
