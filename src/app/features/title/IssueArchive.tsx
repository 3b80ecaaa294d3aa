// "All issues" before any date range is chosen: the archive by year, newest first, 50 issues a
// request (getIssuesByMag with lst_dt for the older ones), with a button for older issues.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Issue, IssuesResponse } from '../../../shared/schemas/content';
import { IssueCard } from '../../components/Tiles';
import { contentGet } from '../../lib/api';
import { issuesQuery, titleKeys } from './queries';

const PAGE = 50;

function byYear(issues: Issue[]): [string, Issue[]][] {
  const years = new Map<string, Issue[]>();
  for (const i of issues) {
    const year = i.pubDate.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), i]);
  }
  return [...years];
}

export function IssueArchive({ mid }: { mid: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const archive = useInfiniteQuery({
    queryKey: [...titleKeys.all, mid, 'archive'],
    // The first page is the title page's recent issues (the same request): asked once, shared.
    queryFn: ({ pageParam, signal }) =>
      pageParam === undefined
        ? queryClient.fetchQuery(issuesQuery(mid, false))
        : contentGet<IssuesResponse>('/content/getIssuesByMag', { mid, lst_dt: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.edt_details.length < PAGE ? undefined : last.edt_details.at(-1)!.pubDate),
    staleTime: 5 * 60_000,
  });
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
              <IssueCard key={i.issueId} issue={i} place="grid" />
            ))}
          </div>
        </section>
      ))}
      {archive.hasNextPage && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void archive.fetchNextPage()}
          disabled={archive.isFetchingNextPage}
        >
          {t('titleArchive.older')}
        </button>
      )}
    </div>
  );
}
