// "All issues" before any date range is chosen: the whole archive by year, newest first, 50 issues
// a request (getIssuesByMag with lst_dt and lst_id after the last one shown). Older pages load as
// the end of the list comes near, and with a button (keyboard, or no scrolling at all).
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Issue } from '../../../shared/schemas/content';
import { IssueCard } from '../../components/IssueCard';
import { useEndOfList } from '../listing/useEndOfList';
import { archiveQuery } from './queries';

function byYear(issues: Issue[]): [string, Issue[]][] {
  const years = new Map<string, Issue[]>();
  for (const i of issues) {
    const year = i.pubDate.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), i]);
  }
  return [...years];
}

/** `lang`: the title's language, which its issues' names are in. */
export function IssueArchive({ mid, titlePath, lang }: { mid: number; titlePath: string; lang: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const archive = useInfiniteQuery(archiveQuery(queryClient, mid));
  const more = () => {
    if (!archive.isFetchingNextPage) void archive.fetchNextPage();
  };
  const loaded = archive.data?.pages.length ?? 0;
  const sentinel = useEndOfList(more, archive.hasNextPage && !archive.isFetchingNextPage && !archive.isError, loaded);
  const issues = archive.data?.pages.flatMap((p) => p.edt_details) ?? [];
  if (archive.isPending) return <span className="skeleton skeleton--cover" aria-hidden="true" />;
  return (
    <div className="archive" data-testid="issue-archive">
      {byYear(issues).map(([year, list]) => (
        <section key={year} aria-labelledby={`year-${year}`}>
          <h3 id={`year-${year}`} className="archive__year">
            {year}
          </h3>
          <div className="listing-grid">
            {list.map((i) => (
              <IssueCard key={i.issueId} issue={i} lang={lang} titlePath={titlePath} place="grid" />
            ))}
          </div>
        </section>
      ))}
      <div ref={sentinel} aria-hidden="true" />
      {archive.hasNextPage && (
        <button
          type="button"
          className="button button--ghost"
          onClick={more}
          disabled={archive.isFetchingNextPage}
          data-testid="archive-older"
        >
          {t('titleArchive.older')}
        </button>
      )}
    </div>
  );
}
