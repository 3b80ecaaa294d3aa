// /search: the full-screen search overlay of spec §2 and §4. Empty box: recent searches and the
// popular shelves. Typing (debounced) searches magazines (mode 0, page hits with Discover) or
// stories (mode 1), from page 0, more on scrolling to the end; scrolling dismisses the keyboard.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../components/Icons';
import { Scroller } from '../../components/Scroller';
import { CategoryTile, LanguageChip, MagazineTile } from '../../components/Tiles';
import { useLocalePath } from '../../components/useLocalePath';
import { session } from '../../lib/session';
import { apiPost } from '../../lib/api';
import { homeQuery } from '../home/queries';
import { useEndOfList } from '../listing/useEndOfList';
import { DiscoverTile } from './DiscoverTile';
import { StoryResult } from './StoryResult';
import { magazineResults, storyResults, titleResults } from './queries';
import { clearRecent, listRecent, rememberSearch } from './recent';
import '../../components/forms.css';
import './search.css';

const DEBOUNCE_MS = 300;

function useDebounced(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

export default function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [mode, setMode] = useState<0 | 1>(0);
  const term = useDebounced(text.trim());
  const [recent, setRecent] = useState<string[]>([]);
  useEffect(() => void listRecent().then(setRecent), []);

  const titles = useQuery({ ...titleResults(term), enabled: term !== '' && mode === 0 });
  const magazines = useInfiniteQuery({ ...magazineResults(term), enabled: term !== '' && mode === 0 });
  const stories = useInfiniteQuery({ ...storyResults(term), enabled: term !== '' && mode === 1 });
  const active = mode === 0 ? magazines : stories;
  const pages = active.data?.pages ?? [];
  const titleHits = mode === 0 ? (titles.data?.items ?? []) : [];
  const count =
    mode === 0
      ? titleHits.length + (magazines.data?.pages.reduce((n, p) => n + p.items.length, 0) ?? 0)
      : (stories.data?.pages.reduce((n, p) => n + p.Articles.length, 0) ?? 0);
  // Spec §9: the shown totals come capped from the server (9000).
  const firstPage = pages[0] as { nbHits: number } | undefined;
  const didYouMean = mode === 0 && count === 0 ? titles.data?.didYouMean : undefined;
  const sentinel = useEndOfList(
    () => void active.fetchNextPage(),
    term !== '' && !!active.hasNextPage && !active.isFetchingNextPage,
    pages.length,
  );
  const home = useQuery({ ...homeQuery(), enabled: term === '' });

  useEffect(() => {
    if (!term || !active.data || (mode === 0 && !titles.data)) return;
    if (count > 0) void rememberSearch(term).then(listRecent).then(setRecent);
    // Spec §4: an empty first page records an event (what readers look for and do not find).
    else
      void import('../../../shared/schemas/account') // (see lib/api.ts)
        .then(({ OkReply }) => apiPost('/api/events', OkReply, { kind: 'search_no_results', detail: term, mode }))
        .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term, mode, !!active.data && (mode === 1 || !!titles.data)]);

  const placeholder = [
    t('search.magazines'),
    session.showsNewspapers() && t('search.newspapers'),
    session.showsJournals() && t('search.journals'),
  ]
    .filter(Boolean)
    .join(', ');
  const close = () => (window.history.length > 1 ? navigate(-1) : navigate(to('/')));

  return (
    <div
      className="search-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={t('header.search')}
      onScroll={() => input.current?.blur()}
      data-testid="search-overlay"
    >
      <div className="search-bar">
        <input
          ref={input}
          type="search"
          autoComplete="off"
          autoFocus
          enterKeyHint="search"
          value={text}
          placeholder={placeholder}
          aria-label={t('header.search')}
          onChange={(e) => setText(e.target.value)}
          data-testid="search-input"
        />
        <button type="button" className="icon-button" onClick={close} aria-label={t('search.close')}>
          <CloseIcon />
        </button>
      </div>

      <div className="search-body">
        {term === '' ? (
          <>
            {recent.length > 0 && (
              <div className="search-recent" data-testid="recent-searches">
                <strong>{t('search.recent')}</strong>
                {recent.map((r) => (
                  <button key={r} type="button" className="page-chip" onClick={() => setText(r)}>
                    {r}
                  </button>
                ))}
                <button type="button" className="link-button" onClick={() => void clearRecent().then(() => setRecent([]))}>
                  {t('search.clearRecent')}
                </button>
              </div>
            )}
            {home.data && (
              <>
                <Scroller
                  id="search-languages"
                  title={t('home.sections.popularLanguages')}
                  count={home.data.popularLanguages.length}
                  variant="chips"
                >
                  {home.data.popularLanguages.map((l) => (
                    <LanguageChip key={l.lang_code} l={l} />
                  ))}
                </Scroller>
                <Scroller id="search-magazines" title={t('home.sections.popularMagazines')} count={home.data.popularMagazines.length}>
                  {home.data.popularMagazines.map((m) => (
                    <MagazineTile key={m.mid} m={m} />
                  ))}
                </Scroller>
                {session.showsJournals() && home.data.popularJournals.length > 0 && (
                  <Scroller
                    id="search-journals"
                    title={t('home.sections.popularJournals')}
                    count={home.data.popularJournals.length}
                    viewAll={to('/journals')}
                  >
                    {home.data.popularJournals.map((m) => (
                      <MagazineTile key={m.mid} m={m} />
                    ))}
                  </Scroller>
                )}
                <Scroller id="search-categories" title={t('home.sections.popularCategories')} count={home.data.popularCategories.length}>
                  {home.data.popularCategories.map((c) => (
                    <CategoryTile key={c.catId} c={c} />
                  ))}
                </Scroller>
              </>
            )}
          </>
        ) : (
          <>
            <div className="search-tabs" role="tablist">
              {([0, 1] as const).map((m) => (
                <button key={m} type="button" role="tab" aria-selected={mode === m} onClick={() => setMode(m)} data-testid={`tab-${m}`}>
                  {t(m === 0 ? 'search.tabMagazines' : 'search.tabStories')}
                </button>
              ))}
            </div>
            {((active.isPending && active.fetchStatus === 'fetching') || active.isFetchingNextPage) && (
              <p className="search-status" role="status">
                {t('search.searching')}
              </p>
            )}
            {!active.data && (active.isError || active.fetchStatus === 'paused') && (
              <p className="search-status" role="alert" data-testid="search-error">
                {t(navigator.onLine && active.fetchStatus !== 'paused' ? 'offline.searchFailed' : 'offline.searchOffline')}{' '}
                <button type="button" className="link-button" onClick={() => void active.refetch()}>
                  {t('offline.retry')}
                </button>
              </p>
            )}
            {active.data && (mode === 1 || titles.data) && count > 0 && (
              <p className="search-status" data-testid="hit-count">
                {mode === 0
                  ? t('search.hitCount', { titles: titles.data?.nbHits ?? 0, issues: firstPage?.nbHits ?? 0 })
                  : t('search.storyCount', { count: firstPage?.nbHits ?? 0 })}
              </p>
            )}
            {active.data && (mode === 1 || titles.data) && count === 0 && (
              <div className="search-status" data-testid="no-results">
                <p>
                  {t('search.noResults')} “{term}”
                </p>
                {didYouMean && (
                  <p>
                    {t('search.didYouMean')}{' '}
                    <button type="button" className="link-button" onClick={() => setText(didYouMean)} data-testid="did-you-mean">
                      {didYouMean}
                    </button>
                  </p>
                )}
              </div>
            )}
            {titleHits.length > 0 && (
              <Scroller id="search-titles" title={t('search.titles')} count={titleHits.length}>
                {titleHits.map((m) => (
                  <MagazineTile key={m.mid} m={m} />
                ))}
              </Scroller>
            )}
            {mode === 0 && (magazines.data?.pages[0]?.items.length ?? 0) > 0 && <h2 className="search-heading">{t('search.pages')}</h2>}
            <div className="search-results" data-testid="search-results">
              {mode === 0
                ? magazines.data?.pages.flatMap((p) => p.items).map((tile) => <DiscoverTile key={tile.issueId} tile={tile} term={term} />)
                : stories.data?.pages.flatMap((p) => p.Articles).map((s) => <StoryResult key={s.browserLinkUrl} s={s} term={term} />)}
            </div>
            <div ref={sentinel} className="listing__sentinel" aria-hidden="true" />
          </>
        )}
      </div>
    </div>
  );
}
