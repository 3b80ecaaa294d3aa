// The page viewer at /reader/{issueId}?edz=1#page/{n}: one page on phones (fitting the width,
// scrolled, when a phone is held sideways), the cover alone then facing pages on wide landscape
// screens; turn by swipe, arrow keys or the arrows in the margins; zoom by pinch, double-tap,
// ctrl+wheel or +/-; a thumbnail strip and a page scrubber; a text view of each page; full
// screen; past the last page, the end-of-issue panel. On phones the bars hide after a turn and
// a tap on the page shows or hides them. The neighbouring pages are loaded and decoded before
// they are needed, so a turn only swaps what is already there. Progress and read events are
// kept (offline too).
import { titlePath as titlePathOf } from '../../../shared/title-paths';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, contentGet, replyOf } from '../../lib/api';
import { largerSize, manifestPath, pageImagePath, pageSizeFor, pageTextPath, type PageSize } from '../../../shared/reader-paths';
import type { IssueManifest, PageText, ReaderPage } from '../../../shared/schemas/reader';
import { requestReaderToken } from './readerToken';
import { pageFromHash, spreadIndexOf, spreadsOf } from './spreads';
import { useGestures } from './useGestures';
import { flushProgress, flushReads, recordRead, resumePage, saveProgress } from './tracking';
import { downloadRecord, removeDownload } from '../downloads/store';
import { Scrubber } from './Scrubber';
import { issueLine } from './issue-line';
import { EndPanel } from './EndPanel';
import { leaveReader } from './leave';
import { pageStructure } from '../../../shared/page-structure';
import { TextSize, useFontSize } from '../../components/TextSize';
import './reader.css';
import { appPaths } from '../../../shared/app-paths';

/** The issue that reader.html's boot script already asked for (it also preloads the opening page's
 * image, which the reader's own URL for that page then finds loaded). Taken once, for its token. */
interface Boot {
  code: string;
  manifest: Promise<Response>;
}
declare global {
  interface Window {
    readerBoot?: Boot;
  }
}
function takeBoot(code: string | undefined): Boot | null {
  const boot = window.readerBoot;
  delete window.readerBoot;
  return boot && boot.code === code ? boot : null;
}

type Failure = 'signIn' | 'offline' | 'notFound' | 'retry' | { code: string; message: string };
interface Grant {
  code: string | null;
  expiresAt: number;
  fromOpener?: boolean;
}

/** The expiry (seconds) inside a reader token, to renew it in time; 0 when unreadable. */
function expiryOf(code: string | null): number {
  try {
    return Number(JSON.parse(atob(code!.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).exp) || 0;
  } catch {
    return 0;
  }
}

// Facing pages need height as well as width: a phone held sideways is wide but short.
const FACING_QUERY = '(orientation: landscape) and (min-width: 900px) and (min-height: 501px)';
/** A phone held sideways: one page across the width, scrolled (fitted to the height it was about 180 px wide). */
const SIDEWAYS_QUERY = '(orientation: landscape) and (max-height: 500px)';
/** Screens where the bars give way to the page after a turn. */
const PHONE_QUERY = '(max-width: 560px), (max-height: 500px)';
/** How many spreads either side of the current one stay loaded. */
const AHEAD = 2;
const BEHIND = 1;
const RENEW_BEFORE_S = 120;

function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const m = matchMedia(query);
    const on = () => setMatches(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, [query]);
  return matches;
}

export function ReaderApp({ issueId, initialCode, lang }: { issueId: number; initialCode: string | null; lang: 'en' | 'hi' }) {
  const { t } = useTranslation();
  const [manifest, setManifest] = useState<IssueManifest | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [offlineCopy, setOfflineCopy] = useState(false);
  const grant = useRef<Grant>({ code: initialCode, expiresAt: expiryOf(initialCode), fromOpener: Boolean(initialCode) });
  const [page, setPage] = useState<number>(() => pageFromHash(location.hash) ?? 0);
  const [panel, setPanel] = useState<'none' | 'thumbs' | 'text'>('none');
  // The neighbours load once the first pages are in: on a slow network they would share its bandwidth.
  const [firstLoaded, setFirstLoaded] = useState(false);
  const facing = useMedia(FACING_QUERY);
  const sideways = useMedia(SIDEWAYS_QUERY) && !facing;
  const phone = useMedia(PHONE_QUERY);
  const [bars, setBars] = useState(true);
  const [atEnd, setAtEnd] = useState(false);

  // --- Opening: a token (given by the opener, or asked for), the issue, where to resume. ---
  const open = useCallback(() => {
    const attempt = async (): Promise<void> => {
      setFailure(null);
      const local = await downloadRecord(issueId);
      if (!grant.current.code && navigator.onLine) {
        try {
          const g = await requestReaderToken(issueId, { lang });
          grant.current = { code: g.code, expiresAt: g.expiresAt };
        } catch (err) {
          if (err instanceof ApiError && err.status === 401) return setFailure(local ? 'offline' : 'signIn');
          if (err instanceof ApiError && err.status === 404) return setFailure('notFound');
          if (err instanceof ApiError && err.status === 403) {
            // Access ended: a downloaded copy goes too (spec: expired subscriptions lose downloads).
            if (local) await removeDownload(issueId);
            return setFailure({ code: err.code, message: err.message });
          }
          // Network trouble: read the downloaded copy if there is one.
        }
      }
      const code = grant.current.code ?? undefined;
      const boot = takeBoot(code);
      const m = await (
        boot ? replyOf<IssueManifest>(boot.manifest) : contentGet<IssueManifest>(manifestPath(issueId, code) as `/content/${string}`)
      ).catch((err: unknown) => err);
      if (m instanceof ApiError) {
        // A stale or copied code: ask for a token of our own, once.
        if (m.code.startsWith('token_') && grant.current.fromOpener) {
          grant.current = { code: null, expiresAt: 0 };
          return attempt();
        }
        if (m.status === 404) return setFailure('notFound');
        if (m.code === 'network') return setFailure(local?.status === 'done' ? 'retry' : 'offline');
        return setFailure({ code: m.code, message: m.message });
      }
      const found = m as IssueManifest | null;
      if (!found?.pages) return setFailure('retry');
      setOfflineCopy(!code && Boolean(local));
      if (!pageFromHash(location.hash)) {
        const resume = await resumePage(issueId, found.progress ?? null); // (copies downloaded before progress came with the issue have none)
        setPage(resume && resume <= found.pages.length ? resume : 1);
      }
      setManifest(found);
      document.title = `${found.titleName} · ${found.issueName}`;
      void recordRead({ kind: 'issue_open', issueId, source: 'web' });
    };
    return attempt();
  }, [issueId, lang]);

  useEffect(() => {
    void open();
    const flush = () => void flushReads();
    addEventListener('online', flush);
    const hidden = () => {
      if (document.visibilityState !== 'hidden') return;
      void flushProgress();
      flush();
    };
    document.addEventListener('visibilitychange', hidden);
    return () => {
      removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [open]);

  // Renew the token before it lapses; pages already shown keep their URLs.
  const [grantVersion, setGrantVersion] = useState(0);
  const renew = useCallback(async () => {
    const g = await requestReaderToken(issueId, { lang }).catch(() => null);
    if (!g) return;
    grant.current = { code: g.code, expiresAt: g.expiresAt };
    setGrantVersion((v) => v + 1);
  }, [issueId, lang]);
  useEffect(() => {
    if (!manifest || !grant.current.expiresAt) return;
    const wait = Math.max(5, grant.current.expiresAt - Date.now() / 1000 - RENEW_BEFORE_S) * 1000;
    const timer = setTimeout(() => void renew(), wait);
    return () => clearTimeout(timer);
  }, [manifest, grantVersion, renew]);

  // The stage's size: the shown pages fit in it (and a resize re-renders, which may change the image size).
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

  // --- Where we are. ---
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
    [count, page],
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

  const gestures = useGestures(
    turn,
    useCallback(() => setBars((b) => !b), []),
  );
  const { reset: resetZoom } = gestures;
  useEffect(() => resetZoom(), [index, resetZoom]);
  // A new page starts at its top (a page wider than tall is scrolled).
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    scroller.current?.scrollTo(0, 0); // (it returns a promise in newer browsers: not a cleanup)
  }, [index]);

  // The URL follows the page (#page/{n}); the back button and edited hashes move the reader.
  useEffect(() => {
    if (!manifest || !current.length) return;
    const hash = `#page/${current[0]}`;
    if (location.hash !== hash) history.replaceState(history.state, '', hash);
    for (const n of current) void recordRead({ kind: 'page_view', issueId, page: n, source: 'web' });
    void saveProgress(issueId, current[0]);
  }, [manifest, current, issueId]);
  // The end panel means the issue is read to its end (a spread's last page included): the last
  // page is saved, which takes the issue out of Continue reading.
  useEffect(() => {
    if (atEnd && count > 0) void saveProgress(issueId, count);
  }, [atEnd, count, issueId]);
  useEffect(() => {
    const onHash = () => {
      const n = pageFromHash(location.hash);
      if (n) goTo(n);
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, [goTo]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Tab') setBars(true); // the bars' controls are reachable by keyboard
      if ((e.target as HTMLElement).closest('input, textarea')) return;
      const keys: Record<string, () => void> = {
        ArrowRight: () => turn(1),
        ArrowLeft: () => turn(-1),
        PageDown: () => turn(1),
        PageUp: () => turn(-1),
        ' ': () => turn(1),
        Home: () => goTo(1),
        End: () => goTo(count),
        '+': () => gestures.zoomBy(1.25),
        '=': () => gestures.zoomBy(1.25),
        '-': () => gestures.zoomBy(0.8),
        '0': resetZoom,
      };
      const action = keys[e.key];
      if (action && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        action();
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [turn, goTo, count, gestures, resetZoom]);

  // --- Images: URLs fixed per page at first use (a renewed token must not reload them). ---
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
    setGrantVersion((v) => v + 1);
  };
  const cols = current.length || 1;
  const displayWidth = (p: ReaderPage) =>
    Math.floor(sideways ? stageSize.w : Math.min(stageSize.w / cols, (stageSize.h * p.large) / p.height));
  const windowPages = firstLoaded ? spreads.slice(Math.max(0, index - BEHIND), index + AHEAD + 1).flat() : current;

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

  const fullScreen = useFullScreen();

  if (failure) return <ReaderFailure failure={failure} onRetry={() => void open()} />;
  if (!manifest)
    return (
      <div className="reader reader--loading" role="status">
        {t('reader.loading')}
      </div>
    );

  const titlePath = `${lang === 'hi' ? '/hi' : ''}${titlePathOf(manifest.mid, manifest.titleName)}`;
  const z = gestures.zoom;
  // One rendition for the window, by the device pixels the shown page takes (pageSizeFor, the rule
  // the boot script and downloads use too); a zoomed page swaps to a wider one when the zoom needs
  // it (the narrower one stays up until it is in).
  const shownPage = manifest.pages[(current[0] ?? 1) - 1];
  const fitted = shownPage ? displayWidth(shownPage) : innerWidth;
  const size = pageSizeFor(fitted, devicePixelRatio);
  const zoomedSize = largerSize(size, pageSizeFor(fitted * z.scale, devicePixelRatio));
  const fullScreenLabel = fullScreen.active ? t('reader.exitFullScreen') : t('reader.fullScreen');

  return (
    <div className="reader" data-facing={facing ? '1' : '0'} data-bars={bars ? 'shown' : 'hidden'}>
      <header className="reader__bar">
        <a
          className="reader__button reader__back"
          href={titlePath}
          aria-label={t('reader.back')}
          onClick={(e) => leaveReader(e, titlePath, flushProgress)}
        >
          ←
        </a>
        <div className="reader__title">
          <strong>{manifest.titleName}</strong>
          <span>
            {issueLine(manifest.issueName, manifest.pubDate, lang)}
            {offlineCopy && ` · ${t('reader.offlineCopy')}`}
          </span>
        </div>
        <div className="reader__tools">
          <button
            type="button"
            className="reader__button reader__zoom"
            aria-label={t('reader.zoomOut')}
            onClick={() => gestures.zoomBy(0.8)}
            disabled={z.scale <= 1}
          >
            −
          </button>
          <button
            type="button"
            className="reader__button reader__zoom"
            aria-label={t('reader.zoomIn')}
            onClick={() => gestures.zoomBy(1.25)}
            data-testid="zoom-in"
          >
            +
          </button>
          <button
            type="button"
            className="reader__button"
            aria-pressed={panel === 'thumbs'}
            onClick={() => setPanel(panel === 'thumbs' ? 'none' : 'thumbs')}
          >
            {t('reader.thumbnails')}
          </button>
          <button
            type="button"
            className="reader__button"
            aria-pressed={panel === 'text'}
            onClick={() => setPanel(panel === 'text' ? 'none' : 'text')}
          >
            {t('reader.text')}
          </button>
          {fullScreen.supported && (
            <button
              type="button"
              className="reader__button"
              onClick={fullScreen.toggle}
              aria-label={fullScreenLabel}
              title={fullScreenLabel}
            >
              {/* phones show the icon alone: the bar has room for the title then */}
              <svg
                className="reader__icon"
                viewBox="0 0 24 24"
                width="18"
                height="18"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d={fullScreen.active ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'} />
              </svg>
              <span className="reader__label">{fullScreenLabel}</span>
            </button>
          )}
        </div>
      </header>

      <main
        ref={stage}
        className="reader__stage"
        {...gestures.handlers}
        data-testid="reader-stage"
        data-zoom={z.scale.toFixed(2)}
        data-fit={sideways && panel !== 'text' ? 'width' : 'page'}
      >
        {atEnd ? (
          <EndPanel manifest={manifest} lang={lang} titlePath={titlePath} onBack={() => setAtEnd(false)} />
        ) : panel === 'text' ? (
          <PageTexts issueId={issueId} pages={current} code={grant.current.code} />
        ) : (
          <div ref={scroller} className="reader__scroller">
            <div ref={pagesRef} className="reader__pages" style={{ transform: `translate(${z.x}px, ${z.y}px) scale(${z.scale})` }}>
              {windowPages.map((n) => {
                const p = manifest.pages[n - 1];
                const u = urlsOf(n);
                const shown = current.includes(n);
                return (
                  <img
                    key={n}
                    className={shown ? 'reader__page reader__page--shown' : 'reader__page'}
                    src={u[shown ? zoomedSize : size]}
                    width={p.large}
                    height={p.height}
                    alt={t('reader.pageAlt', { page: n })}
                    aria-hidden={shown ? undefined : true}
                    decoding="async"
                    fetchPriority={shown ? 'high' : 'low'}
                    onLoad={shown ? () => setFirstLoaded(true) : undefined}
                    onError={() => {
                      if (shown) setFirstLoaded(true);
                      void onPageError(n);
                    }}
                    draggable={false}
                    data-page={n}
                    style={shown ? { width: displayWidth(p) } : undefined}
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
                src={urlsOf(p.n).small}
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

function useFullScreen() {
  const [active, setActive] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const on = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  return {
    active,
    supported: Boolean(document.fullscreenEnabled),
    toggle: () =>
      void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined),
  };
}

/** The extracted text of the shown pages: for screen readers and small screens. Each page as
 * its running header, headline and paragraphs, in the stories' text size. */
function PageTexts({ issueId, pages, code }: { issueId: number; pages: number[]; code: string | null }) {
  const { t } = useTranslation();
  const font = useFontSize();
  const [texts, setTexts] = useState<Record<number, string | null>>({});
  useEffect(() => {
    for (const n of pages) {
      if (n in texts) continue;
      contentGet<PageText>(pageTextPath(issueId, n, code ?? undefined) as `/content/${string}`)
        .then((p) => setTexts((all) => ({ ...all, [n]: p.text })))
        .catch(() => setTexts((all) => ({ ...all, [n]: null })));
    }
  }, [issueId, pages, code, texts]);
  return (
    <div className="reader__texts">
      <div className="reader__text-tools">
        <TextSize font={font} />
      </div>
      {pages.map((n) => {
        const text = texts[n];
        const page = text ? pageStructure(text, n) : null;
        return (
          <article
            key={n}
            className="reader__text"
            aria-label={t('reader.textOf', { page: n })}
            data-testid="page-text"
            style={{ fontSize: `${font.size}px` }}
          >
            <p className="reader__text-page">
              <span>{t('reader.textOf', { page: n })}</span>
              {page?.header && <span className="reader__text-folio">{page.header}</span>}
            </p>
            {text === undefined ? (
              <p role="status">{t('reader.loading')}</p>
            ) : page ? (
              <>
                {page.headline && <h2 className="reader__text-headline">{page.headline}</h2>}
                {page.paragraphs.map((para, i) => (
                  <p key={i}>{para}</p>
                ))}
              </>
            ) : (
              <p>{t('reader.noText')}</p>
            )}
          </article>
        );
      })}
    </div>
  );
}

function ReaderFailure({ failure, onRetry }: { failure: Failure; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const text =
    typeof failure === 'object'
      ? i18n.exists(`errors.${failure.code}`)
        ? t(`errors.${failure.code}` as 'errors.generic')
        : failure.message
      : failure === 'retry'
        ? t('errors.generic')
        : t(`reader.${failure}`);
  return (
    <div className="reader reader--failed">
      <div className="reader__failure" role="alert" data-testid="reader-failure">
        <p>{text}</p>
        {typeof failure === 'object' && failure.code === 'subscription_expired' && <p>{t('access.expiredBody')}</p>}
        {failure === 'signIn' && (
          <a className="reader__button" href={appPaths.login}>
            {t('reader.signInButton')}
          </a>
        )}
        {(failure === 'retry' || failure === 'offline') && (
          <button type="button" className="reader__button" onClick={onRetry}>
            {t('reader.retry')}
          </button>
        )}
      </div>
    </div>
  );
}
