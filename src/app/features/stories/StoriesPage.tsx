// /stories/category/{category}/{section}: the stories of a category (Cover Stories first),
// newest first, 20 at a time with infinite scroll, and chips for the other categories.
import { NoData } from '../../components/NoData';
import { useInfiniteQuery } from '@tanstack/react-query';
import { NavLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STORIES_SECTION } from '../../../shared/constants';
import { StoryCard } from '../../components/Tiles';
import { useLocalePath } from '../../components/useLocalePath';
import { useEndOfList } from '../listing/useEndOfList';
import { storiesQuery } from './queries';
import { useCategoryName } from './categoryName';
import './stories.css';
import { appPaths } from '../../../shared/app-paths';
import { useReaderScope } from '../../lib/scope';

export default function StoriesPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { category = 'Cover-Stories', section = STORIES_SECTION } = useParams();
  const list = useInfiniteQuery(storiesQuery(useReaderScope(), section, category));
  const pages = list.data?.pages ?? [];
  const stories = pages.flatMap((p) => p.items);
  const categories = pages[0]?.categories ?? [];
  const sentinel = useEndOfList(() => void list.fetchNextPage(), !!list.hasNextPage && !list.isFetchingNextPage, pages.length);
  const name = useCategoryName();

  return (
    <div className="stories">
      <h1 className="listing__title" data-testid="stories-title">
        {name(category)}
      </h1>
      <nav className="story-chips" aria-label={t('stories.categoriesLabel')}>
        {categories.map((c) => (
          <NavLink key={c.slug} to={to(appPaths.storiesSection(c.slug, section))} className="story-chip">
            {name(c.slug)}
          </NavLink>
        ))}
      </nav>
      <NoData query={list} />
      {list.data && stories.length === 0 && (
        <p className="listing__empty" data-testid="no-results">
          {t('listing.noResults')}
        </p>
      )}
      <div className="story-grid" data-testid="story-grid">
        {stories.map((s) => (
          <StoryCard key={s.browserLinkUrl} s={s} />
        ))}
        {((list.isPending && list.fetchStatus === 'fetching') || list.isFetchingNextPage) &&
          Array.from({ length: 4 }, (_, i) => <span key={i} className="skeleton story-skeleton" aria-hidden="true" />)}
      </div>
      <div ref={sentinel} className="listing__sentinel" aria-hidden="true" />
    </div>
  );
}
