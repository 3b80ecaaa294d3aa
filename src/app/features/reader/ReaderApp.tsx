// The page viewer at /reader/{issueId}?edz=1#page/{n}: one page on phones (fitting the width,
// scrolled, when a phone is held sideways), the cover alone then facing pages on wide landscape
// screens; turn by swipe, arrow keys or the arrows in the margins; zoom by pinch, double-tap,
// ctrl+wheel or +/-; a thumbnail strip and a page scrubber; a text view of each page; full
// screen; past the last page, the end-of-issue panel. On phones the bars hide after a turn and
// a tap on the page shows or hides them. The neighbouring pages are loaded and decoded before
// they are needed, so a turn only swaps what is already there. Progress and read events are
// kept (offline too).
import { titlePath as titlePathOf } from '../../../shared/title-paths';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGestures } from './useGestures';
import { Scrubber } from './Scrubber';
import { EndPanel } from './EndPanel';
import { PageTexts } from './PageTexts';
import { ReaderBar, type Panel } from './ReaderBar';
import { ReaderFailure } from './ReaderFailure';
import { useIssue } from './useIssue';
import { pageFromHash } from './spreads';
import { usePageImages } from './usePageImages';
import { usePageTurns } from './usePageTurns';
import { useProgress } from './useProgress';
import { useReaderKeys } from './useReaderKeys';
import { useReaderToken, useTokenRenewal } from './useReaderToken';
import { useScreen } from './useScreen';
import './reader.css';

export function ReaderApp({ issueId, initialCode, lang }: { issueId: number; initialCode: string | null; lang: 'en' | 'hi' }) {
  const { t } = useTranslation();
  const screen = useScreen();
  const { facing, sideways } = screen;
  const token = useReaderToken(issueId, lang, initialCode);
  // (opening the issue sets the page to resume at when the address names none)
  const [page, setPage] = useState<number>(() => pageFromHash(location.hash) ?? 0);
  const { manifest, failure, offlineCopy, open } = useIssue(issueId, lang, token, setPage);
  useTokenRenewal(token, manifest);
  const turns = usePageTurns(manifest, screen, page, setPage);
  const { index, current, count, goTo, turn, atEnd, setAtEnd, bars } = turns;
  const [panel, setPanel] = useState<Panel>('none');

  const gestures = useGestures(turn, turns.toggleBars);
  const { reset: resetZoom } = gestures;
  useEffect(() => resetZoom(), [index, resetZoom]);
  // A new page starts at its top. Only a page fitted to the width scrolls; elsewhere the call would
  // only cost the turn a layout (one of its largest scripts in a CPU profile).
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sideways) scroller.current?.scrollTo(0, 0); // (it returns a promise in newer browsers: not a cleanup)
  }, [index, sideways]);
  useProgress(issueId, turns, Boolean(manifest));
  useReaderKeys({ turn, goTo, count, zoomBy: gestures.zoomBy, resetZoom, showBars: turns.showBars });
  const z = gestures.zoom;
  const images = usePageImages(issueId, manifest, turns, token, { sideways, scale: z.scale });

  if (failure) return <ReaderFailure failure={failure} onRetry={() => void open()} />;
  if (!manifest)
    return (
      <div className="reader reader--loading" role="status">
        {t('reader.loading')}
      </div>
    );

  const titlePath = `${lang === 'hi' ? '/hi' : ''}${titlePathOf(manifest.mid, manifest.titleName)}`;

  return (
    <div className="reader" data-facing={facing ? '1' : '0'} data-bars={bars ? 'shown' : 'hidden'}>
      <ReaderBar
        manifest={manifest}
        lang={lang}
        titlePath={titlePath}
        offlineCopy={offlineCopy}
        scale={z.scale}
        zoomBy={gestures.zoomBy}
        panel={panel}
        setPanel={setPanel}
      />

      <main
        ref={images.stage}
        className="reader__stage"
        {...gestures.handlers}
        data-testid="reader-stage"
        data-zoom={z.scale.toFixed(2)}
        data-fit={sideways && panel !== 'text' ? 'width' : 'page'}
        data-shows={atEnd ? 'end' : panel === 'text' ? 'text' : panel === 'thumbs' && bars ? 'thumbs' : 'pages'}
      >
        {atEnd ? (
          <EndPanel manifest={manifest} lang={lang} titlePath={titlePath} onBack={() => setAtEnd(false)} />
        ) : panel === 'text' ? (
          <PageTexts issueId={issueId} pages={current} code={token.grant.current.code} />
        ) : (
          <div ref={scroller} className="reader__scroller">
            <div ref={images.pagesRef} className="reader__pages" style={{ transform: `translate(${z.x}px, ${z.y}px) scale(${z.scale})` }}>
              <div className="reader__shadow" style={images.shadowSize} />
              {images.windowPages.map((n) => {
                const p = manifest.pages[n - 1];
                const u = images.urlsOf(n);
                const shown = current.includes(n);
                return (
                  <img
                    key={n}
                    className={shown ? 'reader__page reader__page--shown' : 'reader__page'}
                    src={u[shown ? images.zoomedSize : images.size]}
                    width={p.large}
                    height={p.height}
                    alt={t('reader.pageAlt', { page: n })}
                    aria-hidden={shown ? undefined : true}
                    decoding="async"
                    fetchPriority={shown ? 'high' : 'low'}
                    onLoad={shown ? images.shownLoaded : undefined}
                    onError={() => {
                      if (shown) images.shownLoaded();
                      void images.onPageError(n);
                    }}
                    draggable={false}
                    data-page={n}
                    style={{ width: images.displayWidth(p) }}
                  />
                );
              })}
            </div>
          </div>
        )}
        {/* In the margins, out of the way of a zoomed page (which pans instead) and of the end panel. */}
        {z.scale === 1 && !atEnd && (
          <>
            <button
              type="button"
              className="reader__turn reader__turn--prev"
              aria-label={t('reader.previous')}
              onClick={() => turn(-1)}
              disabled={index === 0}
            >
              ‹
            </button>
            <button type="button" className="reader__turn reader__turn--next" aria-label={t('reader.next')} onClick={() => turn(1)}>
              ›
            </button>
          </>
        )}
      </main>

      {panel === 'thumbs' && (
        <nav className="reader__thumbs" aria-label={t('reader.thumbnails')}>
          {manifest.pages.map((p) => (
            <button
              key={p.n}
              type="button"
              className="reader__thumb"
              aria-current={current.includes(p.n) ? 'page' : undefined}
              onClick={() => goTo(p.n)}
            >
              <img
                src={images.urlsOf(p.n).small}
                width={p.small}
                height={Math.round((p.height * p.small) / p.large)}
                alt=""
                loading="lazy"
                decoding="async"
              />
              <span>{p.n}</span>
            </button>
          ))}
        </nav>
      )}

      <footer className="reader__footer">
        <Scrubber count={count} pages={current} onPick={goTo} />
      </footer>
    </div>
  );
}
