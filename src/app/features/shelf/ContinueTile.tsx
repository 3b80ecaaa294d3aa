// A started issue: its cover with how far the reader got, "p. 3 of 12"; a tap opens the reader
// where they stopped.
import { useTranslation } from 'react-i18next';
import { CoverImage, type CoverPlace } from '../../components/Tiles';
import type { ShelfItem } from './queries';
import { devanagariMark } from '../../../shared/devanagari-font';

export function ContinueTile({
  item,
  onOpen,
  place,
}: {
  item: ShelfItem;
  onOpen: (issueId: number, page: number) => void;
  place: CoverPlace;
}) {
  const { t } = useTranslation();
  const pageOf = t('myShelf.pageOf', { page: item.page, pages: item.pages });
  return (
    <button type="button" className="cover-card continue-tile" onClick={() => onOpen(item.issueId, item.page)} data-testid="continue-tile">
      <span className="cover-card__frame">
        {item.imageSrc ? (
          <CoverImage src={item.imageSrc} srcSet={item.imageSrcSet} place={place} alt={t('card.cover', { name: item.titleName })} />
        ) : (
          <span className="cover-card__placeholder" {...devanagariMark(item.titleName)}>
            {item.titleName}
          </span>
        )}
        <span className="continue-tile__bar" aria-hidden="true">
          <span style={{ width: `${Math.min(100, (item.page / Math.max(1, item.pages)) * 100)}%` }} />
        </span>
      </span>
      <span className="cover-card__name" {...devanagariMark(item.titleName)}>
        {item.titleName}
      </span>
      <span className="cover-card__issue" {...devanagariMark(item.issueName)}>
        {item.issueName}
      </span>
      <span className="continue-tile__page" data-testid="continue-page">
        {pageOf}
      </span>
    </button>
  );
}
