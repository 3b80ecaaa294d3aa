// /magazines/{catId}, /magazines/{catId}/{magLang} and /journals: a category (or quick category,
// or newspapers 154 in every language, or journals 52) as an endless grid, 20 at a time, with
// the category and language pickers.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  HIDDEN_CATEGORY,
  JOURNAL_SECTION,
  NEWSPAPER_CATEGORY,
  QUICK_CATEGORIES,
  QUICK_CATEGORY_CODES,
  type QuickCategory,
} from '../../../shared/constants';
import { EAGER_GRID_COVERS } from '../../../shared/covers';
import { MagazineTile } from '../../components/Tiles';
import { NoData } from '../../components/NoData';
import { useLocalePath } from '../../components/useLocalePath';
import { session } from '../../lib/session';
import { languageLabel } from '../../lib/locale';
import { LanguageName } from '../../components/LanguageName';
import { categoriesQuery, languagesQuery, magazinesQuery } from './queries';
import { useEndOfList } from './useEndOfList';
import './listing.css';
import { appPaths } from '../../../shared/app-paths';
import { useReaderScope } from '../../lib/scope';

const isQuick = (c: string): c is QuickCategory => (QUICK_CATEGORY_CODES as string[]).includes(c);

/** Spec §5: 127 never shows; 52 and 154 only while the institution's flags allow them. */
function isShown(category: string): boolean {
  const n = Number(category);
  if (n === HIDDEN_CATEGORY) return false;
  if (n === NEWSPAPER_CATEGORY) return session.showsNewspapers();
  if (n === JOURNAL_SECTION) return session.showsJournals();
  return true;
}

export default function MagazinesPage({ journals = false }: { journals?: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const params = useParams();
  const category = journals ? String(JOURNAL_SECTION) : (params.catId ?? 'BS');
  const allLanguages = Number(category) === NEWSPAPER_CATEGORY || journals;
  const lang = allLanguages ? undefined : params.magLang;
  const shown = isShown(category) && (isQuick(category) || /^\d+$/.test(category));

  const scope = useReaderScope();
  const list = useInfiniteQuery({ ...magazinesQuery(scope, category, lang), enabled: shown });
  const categories = useQuery(categoriesQuery(scope));
  const languages = useQuery(languagesQuery(scope, category));
  const cards = list.data?.pages.flatMap((p) => p.magazineList) ?? [];
  const total = list.data?.pages[0]?.nbHits ?? 0;
  const sentinel = useEndOfList(
    () => void list.fetchNextPage(),
    shown && list.hasNextPage && !list.isFetchingNextPage,
    list.data?.pages.length ?? 0,
  );

  const hi = i18n.language === 'hi';
  const current = categories.data?.popularCat.find((c) => String(c.catId) === category);
  const categoryName = isQuick(category)
    ? t(`home.sections.${QUICK_CATEGORIES[category]}`)
    : journals
      ? t('nav.journals')
      : Number(category) === NEWSPAPER_CATEGORY
        ? t('nav.newspapers')
        : current
          ? hi && current.nameHi
            ? current.nameHi
            : current.name
          : categories.isPending
            ? ''
            : t('nav.magazines');
  const language = languages.data?.languages.find((l) => l.lang_code === lang);

  const go = (cat: string, language?: string) =>
    navigate(to(appPaths.listing(cat, Number(cat) !== NEWSPAPER_CATEGORY ? language : undefined)));
  const pickable = categories.data?.popularCat.filter((c) => c.catId !== NEWSPAPER_CATEGORY && c.catId !== JOURNAL_SECTION) ?? [];

  return (
    <div className="listing">
      <header className="listing__head">
        <h1 className="listing__title" data-testid="listing-title">
          {categoryName || <span className="skeleton skeleton--title" aria-hidden="true" />}
          {language && (
            <span className="listing__lang">
              {' · '}
              <LanguageName code={language.lang_code} nativeName={language.nativeName} englishName={language._lang} hindiPage={hi} />
            </span>
          )}
        </h1>
        {shown && list.data && (
          <p className="listing__count" data-testid="listing-count">
            {t('listing.count', { count: total })}
          </p>
        )}
        {!journals && Number(category) !== NEWSPAPER_CATEGORY && (
          <div className="listing__pickers">
            <label className="picker">
              <span>{t('listing.category')}</span>
              <select value={category} onChange={(e) => go(e.target.value, lang)} data-testid="category-picker">
                <optgroup label={t('listing.quick')}>
                  {QUICK_CATEGORY_CODES.map((c) => (
                    <option key={c} value={c}>
                      {t(`home.sections.${QUICK_CATEGORIES[c]}`)}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t('listing.categories')}>
                  {pickable.map((c) => (
                    <option key={c.catId} value={c.catId}>
                      {hi && c.nameHi ? c.nameHi : c.name}
                    </option>
                  ))}
                </optgroup>
              </select>
            </label>
            <label className="picker">
              <span>{t('listing.language')}</span>
              <select value={lang ?? ''} onChange={(e) => go(category, e.target.value || undefined)} data-testid="language-picker">
                <option value="">{t('listing.allLanguages')}</option>
                {languages.data?.languages.map((l) => (
                  <option key={l.lang_code} value={l.lang_code}>
                    {languageLabel(l.nativeName, l._lang, hi)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
      </header>

      <NoData query={list} />
      {list.isError && list.data && (
        <div className="notice notice--error" role="alert">
          <p>{t('home.loadError')}</p>
          <button type="button" className="button button--small" onClick={() => void list.refetch()}>
            {t('home.retry')}
          </button>
        </div>
      )}
      {(!shown || (list.data && cards.length === 0)) && (
        <div className="listing__empty" data-testid="no-results">
          <p>{t('listing.noResults')}</p>
          {shown && lang && (
            <button type="button" className="button" onClick={() => go(category)} data-testid="all-languages">
              {t('listing.showAllLanguages')}
            </button>
          )}
        </div>
      )}

      <div className="listing-grid" data-testid="listing-grid">
        {cards.map((m, i) => (
          <MagazineTile key={m.mid} m={m} eager={i < EAGER_GRID_COVERS} place="grid" />
        ))}
        {(list.isPending && list.fetchStatus === 'fetching' && shown) || list.isFetchingNextPage
          ? Array.from({ length: 10 }, (_, i) => <span key={`s${i}`} className="skeleton skeleton--cover" aria-hidden="true" />)
          : null}
      </div>
      <div ref={sentinel} className="listing__sentinel" aria-hidden="true" />
    </div>
  );
}
