// Home (spec §2): the quick-category shelves, categories, languages, magazines, journals and
// cover stories, all from one cached request; skeletons while loading, a retry when it fails.
import { Suspense, lazy, startTransition, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HomeResponse } from '../../../shared/schemas/content';
import { Scroller } from '../../components/Scroller';
import { CategoryTile, LanguageChip, MagazineTile, ShelfSkeleton, StoryCard } from '../../components/Tiles';
import { useLocalePath } from '../../components/useLocalePath';
import { session } from '../../lib/session';
import { useOnline } from '../../components/OfflineBanner';
import { homeQuery } from './queries';
import { AccessSlot } from './AccessSlot';
import { continueReserve } from '../shelf/expected';
import { loadScreenTexts } from '../../lib/i18n';
import { EAGER_HOME_COVERS, FIRST_HOME_SHELVES, HOME_COVER_SHELVES, homeShelfNote } from '../../../shared/home';
import { appPaths } from '../../../shared/app-paths';
import { useReaderScope } from '../../lib/scope';

// Only needed offline with nothing saved: not part of the home page's first load.
const NoData = lazy(() => import('../../components/NoData').then((m) => ({ default: m.NoData })));
// A signed-in reader's started issues, first: a chunk of its own (with the screens' texts), so
// home's first load stays small.
const ContinueShelf = lazy(() => Promise.all([import('../shelf/ContinueShelf'), loadScreenTexts()]).then(([m]) => m));

/** Continue reading, in a place kept for it while it arrives when the reader had one before. */
function ContinueSlot() {
  const [reserve, setReserve] = useState(continueReserve);
  const settled = useCallback(() => setReserve(null), []);
  return (
    <div
      className={reserve === 'estimate' ? 'home__continue home__continue--expected' : 'home__continue'}
      style={typeof reserve === 'number' ? { minHeight: reserve } : undefined}
    >
      <Suspense fallback={null}>
        <ContinueShelf onSettled={settled} />
      </Suspense>
    </div>
  );
}

export default function HomePage() {
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  const home = useQuery(homeQuery(useReaderScope()));
  const online = useOnline();
  // An answer that arrives (home not drawn by the server: a signed-in reader's, or one with an age
  // rating) is drawn in a transition, in slices of a few milliseconds, the skeletons staying
  // meanwhile: drawn with the answer's update, at once, its first shelves were a task of 0.1-0.2 s
  // at 4x CPU.
  const shown = useDeferredValue(home.data);

  return (
    <div className="home">
      <div className="home__intro">
        <h1 className="home__title">{t('home.title')}</h1>
        <p className="home__lede">{t('home.intro')}</p>
        <p className="claims">{home.data?.claims?.[i18n.language === 'hi' ? 'hi' : 'en']}</p>
      </div>
      <AccessSlot />
      {session.isLoggedIn() && <ContinueSlot />}
      {home.isError && !home.data && online && (
        <div className="notice notice--error" role="alert">
          <p>{t('home.loadError')}</p>
          <button type="button" className="button" onClick={() => home.refetch()}>
            {t('home.retry')}
          </button>
        </div>
      )}
      {!online && !home.data && (
        <Suspense fallback={null}>
          <NoData query={home} />
        </Suspense>
      )}
      {home.isError && home.data && (
        <p className="notice" role="status">
          {t('home.offlineCopy')}
        </p>
      )}
      {((home.isPending && home.fetchStatus !== 'paused') || (home.data && !shown)) && (
        <>
          <ShelfSkeleton />
          <ShelfSkeleton />
          <ShelfSkeleton variant="chips" />
        </>
      )}
      {shown && <Shelves data={shown} to={to} />}
    </div>
  );
}

let firstHome = true;

/** How many shelves to draw. On the app's first home render the top shelves, as the server draws
 * them; then one more shelf per transition, each rendered in slices of a few milliseconds and
 * committed on its own, so no long task holds a slow phone's main thread (Lighthouse's total
 * blocking time): the rest in one transition was one commit that mounted every tile and set each
 * cover's image, a task of 64-156 ms at 4x CPU. A later return to home draws every shelf at once,
 * for its scroll position to come back. */
function useShelvesDrawn(total: number): number {
  const [drawn, setDrawn] = useState(firstHome ? FIRST_HOME_SHELVES : Infinity);
  useEffect(() => {
    firstHome = false;
  }, []);
  useEffect(() => {
    if (drawn < total) startTransition(() => setDrawn((n) => n + 1));
  }, [drawn, total]);
  return drawn;
}

function Shelves({ data, to }: { data: HomeResponse; to: (p: string) => string }) {
  const { t } = useTranslation();
  const firstGold = HOME_COVER_SHELVES.findIndex(([key]) => data[key].some((m) => m.isGold));
  const noteFor = (key: string, goldHere: boolean) => {
    const note = homeShelfNote(key, goldHere, session.isLoggedIn() && session.institutionId() !== '0' && !session.isExpired());
    return note && t(`home.${note}`);
  };
  const shelves = [
    ...HOME_COVER_SHELVES.map(
      ([key, viewAll], i) =>
        data[key].length > 0 && (
          <Scroller
            key={key}
            id={key}
            title={t(`home.sections.${key}`)}
            count={data[key].length}
            viewAll={to(viewAll)}
            note={noteFor(key, i === firstGold)}
          >
            {data[key].map((m, j) => (
              <MagazineTile key={m.mid} m={m} eager={i === 0 && j < EAGER_HOME_COVERS} />
            ))}
          </Scroller>
        ),
    ),
    data.popularCategories.length > 0 && (
      <Scroller
        key="popularCategories"
        id="popularCategories"
        title={t('home.sections.popularCategories')}
        count={data.popularCategories.length}
        variant="categories"
      >
        {data.popularCategories.map((c) => (
          <CategoryTile key={c.catId} c={c} />
        ))}
      </Scroller>
    ),
    data.popularLanguages.length > 0 && (
      <Scroller
        key="popularLanguages"
        id="popularLanguages"
        title={t('home.sections.popularLanguages')}
        count={data.popularLanguages.length}
        variant="chips"
      >
        {data.popularLanguages.map((l) => (
          <LanguageChip key={l.lang_code} l={l} />
        ))}
      </Scroller>
    ),
    data.popularMagazines.length > 0 && (
      <Scroller
        key="popularMagazines"
        id="popularMagazines"
        title={t('home.sections.popularMagazines')}
        count={data.popularMagazines.length}
        viewAll={to(appPaths.magazinesInLanguage)}
      >
        {data.popularMagazines.map((m) => (
          <MagazineTile key={m.mid} m={m} />
        ))}
      </Scroller>
    ),
    session.showsJournals() && data.popularJournals.length > 0 && (
      <Scroller
        key="popularJournals"
        id="popularJournals"
        title={t('home.sections.popularJournals')}
        count={data.popularJournals.length}
        viewAll={to(appPaths.journals)}
      >
        {data.popularJournals.map((m) => (
          <MagazineTile key={m.mid} m={m} />
        ))}
      </Scroller>
    ),
    data.coverStories.length > 0 && (
      <Scroller
        key="coverStories"
        id="coverStories"
        title={t('home.sections.coverStories')}
        count={data.coverStories.length}
        variant="stories"
        viewAll={to(appPaths.coverStories)}
      >
        {data.coverStories.map((s) => (
          <StoryCard key={s.browserLinkUrl} s={s} />
        ))}
      </Scroller>
    ),
  ].filter(Boolean);
  const drawn = useShelvesDrawn(shelves.length);
  return <>{shelves.slice(0, drawn)}</>;
}
