// Read Now: "Continue (p. 3)" when the reader has read the issue before, on this device or another
// (and it opens there); a finished issue reads again from the start.
// "Opening…" while its token is on its way (taps are ignored then: useOpenIssue).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { onProgressSaved } from './tracking';
import { continuePage } from '../shelf/queries';
import './readNow.css';

export function ReadNowButton({ issueId, opening, onOpen }: { issueId: number; opening: boolean; onOpen: (page?: number) => void }) {
  const { t } = useTranslation();
  // Never persisted (the 'progress' root is not in the allow-list); asked again when a reader tab saves.
  const progress = useQuery({
    queryKey: ['progress', issueId],
    queryFn: ({ signal }) => continuePage(issueId, signal),
    networkMode: 'always',
    staleTime: 0,
  });
  const { refetch } = progress;
  useEffect(() => onProgressSaved((id) => id === issueId && void refetch()), [issueId, refetch]);
  const page = progress.data && progress.data > 1 ? progress.data : undefined;
  return (
    <button
      type="button"
      className="button read-now"
      onClick={() => onOpen(page)}
      aria-busy={opening || undefined}
      aria-disabled={opening || undefined}
      data-testid="read-now"
    >
      {opening && <span className="read-now__spinner" aria-hidden="true" />}
      {opening ? t('reader.opening') : page ? t('reader.continueAt', { page }) : t('title.readNow')}
    </button>
  );
}
