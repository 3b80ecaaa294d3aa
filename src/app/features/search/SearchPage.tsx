// /search: the full-screen search overlay of spec §2 and §4. Empty box: recent searches and the
// popular shelves. Typing (debounced) searches magazines (mode 0, page hits with Discover) or
// stories (mode 1), from page 0, more on scrolling to the end; scrolling dismisses the keyboard.
// The term and the filters live in the URL (?q=, type, lang, since): a search can be shared, and
// the back button undoes a filter. No results is never a dead end: "did you mean" for a misspelt
// word or title, then popular titles and ways to browse.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../components/Icons';
import { Scroller } from '../../components/Scroller';
import { CategoryTile, LanguageChip, MagazineTile } from '../../components/Tiles';
import { useLocalePath } from '../../components/useLocalePath';
import { session } from '../../lib/session';
import { homeQuery } from '../home/queries';
import { useEndOfList } from '../listing/useEndOfList';
import { DiscoverTile } from './DiscoverTile';
import { StoryResult } from './StoryResult';
import { magazineResults, storyResults, titleResults } from './queries';
import { useNoResultsEvent } from './mutations';
import { useReaderScope } from '../../lib/scope';
import { clearRecent, listRecent, rememberSearch } from './recent';
import { SEARCH_PERIODS, SEARCH_TYPES, type SearchFilters, type SearchPeriod } from '../../../shared/schemas/content';
import '../../components/forms.css';
import './search.css';
import { appPaths } from '../../../shared/app-paths';

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
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const input = useRef<HTMLInputElement>(null);
  const [params, setParams] = useSearchParams();
  const urlTerm = params.get('q') ?? '';
  const [text, setText] = useState(urlTerm);
  const term = useDebounced(text.trim());
  const typeParam = params.get('type');
  const mode: 0 | 1 = typeParam === 'story' ? 1 : 0;
  const type = SEARCH_TYPES.find((x) => x === typeParam);
  const since = (Object.keys(SEARCH_PERIODS) as SearchPeriod[]).find((x) => x === params.get('since'));
  const lang = /^[a-z]{2,3}$/.test(params.get('lang') ?? '') ? params.get('lang')! : undefined;
  const filters: SearchFilters = { ...(mode === 0 && type && { type }), ...(lang && { lang }), ...(since && { since }) };
  const filtered = Object.keys(filters).length > 0;

  /** A filter change is a step of its own (the back button undoes it); typing replaces the URL.
   * Each change starts from the last one made, not from the address this render saw: a tab tapped
   * just as the typed term reached the address had dropped the term, and the box emptied. */
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const setParam = (name: string, value: string | undefined, replace = false) => {
    const next = new URLSearchParams(latest.current);
    if (value) next.set(name, value);
    else next.delete(name);
    latest.current = next;
    setParams(next, { replace });
  };
  useEffect(() => {
    if (term !== urlTerm) setParam('q', term, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term]);
  // Back and forward to another term: the box shows it (set while rendering, not in an effect).
  const [seenUrlTerm, setSeenUrlTerm] = useState(urlTerm);
  if (urlTerm !== seenUrlTerm) {
    setSeenUrlTerm(urlTerm);
    if (urlTerm !== term) setText(urlTerm);
  }
  const [recent, setRecent] = useState<string[]>([]);
  useEffect(() => void listRecent().then(setRecent), []);

  // (the stories tab asks for titles too, for its "did you mean")
  const scope = useReaderScope();
  const titles = useQuery({ ...titleResults(scope, term, filters), enabled: term !== '' });
  const magazines = useInfiniteQuery({ ...magazineResults(scope, term, filters), enabled: term !== '' && mode === 0 });
  const stories = useInfiniteQuery({ ...storyResults(scope, term, filters), enabled: term !== '' && mode === 1 });
  const active = mode === 0 ? magazines : stories;
  const pages = active.data?.pages ?? [];
  const titleHits = mode === 0 ? (titles.data?.items ?? []) : [];
  const count =
    mode === 0
      ? titleHits.length + (magazines.data?.pages.reduce((n, p) => n + p.items.length, 0) ?? 0)
      : (stories.data?.pages.reduce((n, p) => n + p.Articles.length, 0) ?? 0);
  // Spec §9: the shown totals come capped from the server (9000).
  const firstPage = pages[0] as { nbHits: number } | undefined;
  // A title's name and the corrected words, each once (the name keeps its capitals).
  const suggestions =
    count === 0
      ? [mode === 0 ? titles.data?.didYouMean : undefined, titles.data?.spelling].filter(
          (x, i, all): x is string =>
            !!x && x.toLowerCase() !== term.toLowerCase() && all.findIndex((y) => y?.toLowerCase() === x.toLowerCase()) === i,
        )
      : [];
  const sentinel = useEndOfList(
    () => void active.fetchNextPage(),
    term !== '' && !!active.hasNextPage && !active.isFetchingNextPage,
    pages.length,
  );
  const home = useQuery(homeQuery(scope));
  const noResults = useNoResultsEvent();

  useEffect(() => {
    if (!term || !active.data || (mode === 0 && !titles.data)) return;
    if (count > 0) void rememberSearch(term).then(listRecent).then(setRecent);
    else noResults.mutate({ term, mode });
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
                    viewAll={to(appPaths.journals)}
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
                <button
                  key={m}
                  type="button"
                  role="tab"
                  aria-selected={mode === m}
                  onClick={() => mode !== m && setParam('type', m === 1 ? 'story' : undefined)}
                  data-testid={`tab-${m}`}
                >
                  {t(m === 0 ? 'search.tabMagazines' : 'search.tabStories')}
                </button>
              ))}
            </div>
            <div className="search-filters" data-testid="search-filters">
              {mode === 0 && (
                <select
                  aria-label={t('search.filterType')}
                  value={type ?? ''}
                  onChange={(e) => setParam('type', e.target.value)}
                  data-testid="filter-type"
                >
                  <option value="">{t('search.anyType')}</option>
                  <option value="magazine">{t('search.tabMagazines')}</option>
                  {session.showsNewspapers() && <option value="newspaper">{t('search.newspapers')}</option>}
                  {session.showsJournals() && <option value="journal">{t('search.journals')}</option>}
                </select>
              )}
              <select
                aria-label={t('search.filterLanguage')}
                value={lang ?? ''}
                onChange={(e) => setParam('lang', e.target.value)}
                data-testid="filter-lang"
              >
                <option value="">{t('search.anyLanguage')}</option>
                {home.data?.popularLanguages.map((l) => (
                  <option key={l.lang_code} value={l.lang_code}>
                    {l.nativeName}
                  </option>
                ))}
              </select>
              <select
                aria-label={t('search.filterDate')}
                value={since ?? ''}
                onChange={(e) => setParam('since', e.target.value)}
                data-testid="filter-since"
              >
                <option value="">{t('search.anyTime')}</option>
                {(Object.keys(SEARCH_PERIODS) as SearchPeriod[]).map((p) => (
                  <option key={p} value={p}>
                    {t(`search.since.${p}`)}
                  </option>
                ))}
              </select>
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
                  ? `${t('search.titleCount', { count: titles.data?.nbHits ?? 0 })} · ${t('search.issueCount', { count: firstPage?.nbHits ?? 0 })}`
                  : t('search.storyCount', { count: firstPage?.nbHits ?? 0 })}
              </p>
            )}
            {active.data && (mode === 1 || titles.data) && count === 0 && (
              <div className="search-status search-empty" data-testid="no-results">
                <p>
                  {t('search.noResults')} “{term}”
                </p>
                {suggestions.map((word) => (
                  <p key={word}>
                    {t('search.didYouMean')}{' '}
                    <button type="button" className="link-button" onClick={() => setText(word)} data-testid="did-you-mean">
                      {word}
                    </button>
                    ?
                  </p>
                ))}
                {filtered && (
                  <p>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() =>
                        setParams((prev) => {
                          const next = new URLSearchParams(prev);
                          for (const name of ['type', 'lang', 'since']) if (name !== 'type' || mode === 0) next.delete(name);
                          return next;
                        })
                      }
                      data-testid="clear-filters"
                    >
                      {t('search.clearFilters')}
                    </button>
                  </p>
                )}
                <nav className="search-browse" aria-label={t('search.browse')} data-testid="browse-links">
                  <strong>{t('search.browse')}</strong>
                  <Link to={to(appPaths.magazines)}>{t('search.tabMagazines')}</Link>
                  {session.showsJournals() && <Link to={to(appPaths.journals)}>{t('search.journals')}</Link>}
                  <Link to={to(appPaths.stories)}>{t('search.tabStories')}</Link>
                  {home.data?.popularCategories.slice(0, 4).map((c) => (
                    <Link key={c.catId} to={to(c.browserLinkUrl)}>
                      {i18n.language === 'hi' && c.nameHi ? c.nameHi : c.name}
                    </Link>
                  ))}
                </nav>
              </div>
            )}
            {active.data && (mode === 1 || titles.data) && count === 0 && home.data && home.data.popularMagazines.length > 0 && (
              <Scroller id="search-popular" title={t('search.popularInstead')} count={home.data.popularMagazines.length}>
                {home.data.popularMagazines.map((m) => (
                  <MagazineTile key={m.mid} m={m} />
                ))}
              </Scroller>
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
