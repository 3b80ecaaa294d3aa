// The page scrubber: a slider across the issue with the page number beside it. Dragging shows
// the page number as it goes; the page turns where the slider is let go (or at each arrow key),
// so a long newspaper is not loaded page by page on the way.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function Scrubber({ count, pages, onPick }: { count: number; pages: number[]; onPick: (page: number) => void }) {
  const { t } = useTranslation();
  const [moving, setMoving] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });
  // The native change event: fired when a drag ends and at each key step (React's onChange is every move).
  useEffect(() => {
    const el = input.current!;
    const done = () => {
      setMoving(null);
      pick.current(Number(el.value));
    };
    el.addEventListener('change', done);
    return () => el.removeEventListener('change', done);
  }, []);

  const first = moving ?? pages[0];
  const position =
    moving === null && pages.length > 1
      ? t('reader.pagesOf', { first: pages[0], last: pages.at(-1), count })
      : t('reader.pageOf', { page: first, count });
  return (
    <div className="reader__scrubber">
      <input
        ref={input}
        type="range"
        min={1}
        max={count}
        step={1}
        value={first}
        aria-label={t('reader.goTo')}
        aria-valuetext={position}
        onChange={(e) => setMoving(Number(e.target.value))}
        data-testid="reader-scrubber"
      />
      <span className="reader__position" aria-live="polite" data-testid="reader-position">
        {position}
      </span>
    </div>
  );
}
