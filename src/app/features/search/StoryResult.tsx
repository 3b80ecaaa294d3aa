// A story result with its Discover More (spec §2: each result has one): the passages of the story
// that match, and where it was printed — the issue's matching pages, whose chips and 'Read More'
// open the issue at a page, as on a magazine result.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StoryTile } from '../../../shared/schemas/content';
import { StoryCard } from '../../components/Tiles';
import { discoverQuery, storyDiscoverQuery } from './queries';
import { DiscoverPages, Snippet } from './DiscoverTile';

export function StoryResult({ s, term }: { s: StoryTile; term: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<number>();
  const [all, setAll] = useState(false);
  const found = useQuery({ ...storyDiscoverQuery(term, s.browserLinkUrl.replace(/^\/stories\//, '')), enabled: open });
  const tile = found.data?.tile;
  const full = useQuery({ ...discoverQuery(term, tile?.issueId ?? 0), enabled: all && !!tile });
  const pages = (all && full.data ? full.data.tile.pages : tile?.pages) ?? [];
  const page = selected ?? pages[0]?.page;

  return (
    <article className="story-result" data-testid="story-result">
      <StoryCard s={s} />
      <div className="story-result__discover">
        {!open ? (
          <button type="button" className="link-button" onClick={() => setOpen(true)} data-testid="discover-more">
            {t('search.discoverMore')}
          </button>
        ) : !found.data ? (
          <p className="search-status" role="status">
            {found.isError ? t('offline.searchFailed') : t('search.searching')}
          </p>
        ) : (
          <>
            {found.data.passages.map((p, i) => (
              <Snippet key={i} html={p} />
            ))}
            {tile && (
              <>
                <p className="discover__issue" data-testid="story-issue">
                  {t('search.inIssue', { title: tile.magName, issue: tile.issueName })}
                </p>
                {pages.find((p) => p.page === page) && <Snippet html={pages.find((p) => p.page === page)!._highLight} />}
                <DiscoverPages tile={tile} pages={pages} selected={page} onSelect={setSelected} all={all} onAll={() => setAll(true)} />
              </>
            )}
            {found.data.passages.length === 0 && !tile && <p className="discover__issue">{t('search.nothingMore')}</p>}
          </>
        )}
      </div>
    </article>
  );
}
