// The issue card of spec §2/§3: cover, issue name and date, and the optional floating icon; the
// title page's shelves, the archive and the date filter show it (not home: a chunk of its own).
import { Link } from 'react-router';
import { useTexts } from '../lib/texts';
import type { Issue, IssueTile } from '../../shared/schemas/content';
import { useLocalePath } from './useLocalePath';
import { formatDate, namedByDate } from '../../shared/labels';
import { CoverImage, type CoverPlace } from './Tiles';

/** The floating icon over a cover (spec §3), when the API says to show one. Its alt text is the
 * app's translation of what the icon marks (shared/floating-icon.ts: a special issue). */
export function FloatingIcon({ item }: { item: Pick<IssueTile, 'showFloatingIcon' | 'floatingImgSrc'> }) {
  const { t } = useTexts();
  if (!item.showFloatingIcon || !item.floatingImgSrc) return null;
  return (
    <img
      className="floating-icon"
      src={item.floatingImgSrc}
      alt={t('issueCard.special')}
      width={28}
      height={28}
      data-testid="floating-icon"
    />
  );
}

/** An issue of a title: cover, issue name and date (spec §3 issue tile). */
export function IssueCard({
  issue,
  titlePath,
  current,
  onRead,
  place = 'shelf',
  eager,
  lang,
}: {
  issue: Issue;
  /** The title's language, which its issue names are in. */
  lang?: string;
  /** The title's page (shared/title-paths.ts), which the issue's page is below. */
  titlePath: string;
  current?: boolean;
  onRead?: (issueId: number) => void;
  place?: CoverPlace;
  /** One of the first covers in view: loaded at once (often the page's largest paint). */
  eager?: boolean;
}) {
  const { t, lang: language } = useTexts();
  const to = useLocalePath();
  const card = (
    <Link
      to={to(`${titlePath}/${issue.issueId}`)}
      className="cover-card"
      data-testid="issue-card"
      aria-current={current ? 'page' : undefined}
    >
      <span className="cover-card__frame">
        {issue.imageSrc ? (
          <CoverImage
            src={issue.imageSrc}
            srcSet={issue.imageSrcSet}
            place={place}
            alt={t('card.cover', { name: issue.issueName })}
            eager={eager}
          />
        ) : (
          <span className="cover-card__placeholder" lang={lang}>
            {issue.issueName}
          </span>
        )}
        <FloatingIcon item={issue} />
      </span>
      <span className="cover-card__name" lang={lang}>
        {issue.issueName}
      </span>
      {!namedByDate(issue) && <span className="cover-card__issue">{formatDate(issue.pubDate, language)}</span>}
    </Link>
  );
  if (!onRead) return card;
  // The tile opens the issue's page; its Read button opens the issue in the reader.
  return (
    <div className="issue-tile">
      {card}
      <button
        type="button"
        className="button button--ghost button--small issue-tile__read"
        onClick={() => onRead(issue.issueId)}
        data-testid="issue-read"
      >
        {t('title.read')}
        <span className="visually-hidden" lang={lang}>
          {' '}
          {issue.issueName}
        </span>
      </button>
    </div>
  );
}
