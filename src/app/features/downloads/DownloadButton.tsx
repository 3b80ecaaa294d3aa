// Download an issue for offline reading, with its progress; a paused download says so and
// resumes by itself when the network is back (or at once from here). One stopped by a full
// device says that instead, and only starts again from here.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { showToast } from '../../components/Toast';
import { useLocalePath } from '../../components/useLocalePath';
import { QUOTA, downloadIssue, downloadRecord, useDownloads } from '../../downloads/store';
import { appPaths } from '../../../shared/app-paths';

export function DownloadButton({ issueId }: { issueId: number }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const errorText = useErrorText();
  const downloads = useDownloads();
  const record = downloads.records.find((r) => r.issueId === issueId);
  const running = downloads.running.has(issueId);

  const start = () =>
    downloadIssue(issueId).catch(async (err: unknown) => {
      if (err instanceof ApiError && err.code === QUOTA) return showToast(t('downloads.quota'));
      if (!(err instanceof ApiError && err.code === 'network')) return showToast(errorText(err));
      const stopped = await downloadRecord(issueId); // where it stopped, not where it was when started
      showToast(t('downloads.paused', { done: stopped?.done ?? 0, total: stopped?.pages ?? '?' }));
    });

  if (record?.status === 'done') {
    return (
      <Link className="button button--ghost" to={to(appPaths.downloads)} data-testid="download-done">
        ✓ {t('downloads.downloaded')}
      </Link>
    );
  }
  if (running || record) {
    const done = record?.done ?? 0;
    const total = record?.pages ?? 0;
    const full = record?.stoppedFor === QUOTA;
    return (
      <div className="download-progress" data-testid="download-progress">
        {running ? (
          <span>{t('downloads.downloading', { done, total })}</span>
        ) : (
          <button type="button" className="button button--ghost" onClick={start}>
            {t(full ? 'downloads.retry' : 'downloads.resume')}
          </button>
        )}
        <progress max={total || 1} value={done} aria-label={t('downloads.downloading', { done, total })} />
        {!running && <small>{t(full ? 'downloads.stoppedQuota' : 'downloads.paused', { done, total })}</small>}
      </div>
    );
  }
  return (
    <button type="button" className="button button--ghost" onClick={start} data-testid="download">
      {t('downloads.download')}
    </button>
  );
}
