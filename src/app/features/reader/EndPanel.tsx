// The end of an issue: instead of a dead end, the issues before and after it, the title's page
// for more, and Download to keep it on the device. The neighbours come from the title's issue
// list (newest first); offline they are left out and the rest still shows.
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { formatDate } from '../../lib/locale';
import type { Issue } from '../../../shared/schemas/content';
import type { IssueManifest } from '../../../shared/schemas/reader';
import { readerUrl } from '../../../shared/reader-paths';
import { QUOTA, useDownloads } from '../../downloads/store';
import { useStartDownload } from '../downloads/mutations';
import { useNeighbours } from './queries';
import { devanagariMark } from '../../../shared/devanagari-font';

export function EndPanel({
  manifest,
  lang,
  titlePath,
  onBack,
}: {
  manifest: IssueManifest;
  lang: 'en' | 'hi';
  titlePath: string;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const near = useNeighbours(manifest);
  // Another issue opens in this tab, in place of this one (the back arrow still leads to where the reader came from).
  const open = (i: Issue) => (e: { preventDefault: () => void }) => {
    e.preventDefault();
    location.replace(readerUrl(i.issueId, undefined, lang === 'hi' ? { lang } : {}));
  };
  const link = (i: Issue, label: string, testId: string) => (
    <a
      className="reader__end-issue"
      href={readerUrl(i.issueId, undefined, lang === 'hi' ? { lang } : {})}
      onClick={open(i)}
      data-testid={testId}
    >
      <small>{label}</small>
      <strong {...devanagariMark(i.issueName)}>{i.issueName}</strong>
      <span>{formatDate(i.pubDate, lang)}</span>
    </a>
  );
  return (
    <section className="reader__end" aria-labelledby="reader-end-title" data-no-gestures data-testid="reader-end">
      <h2 id="reader-end-title">{t('reader.endTitle')}</h2>
      <p {...devanagariMark(`${manifest.titleName} ${manifest.issueName}`)}>
        {t('reader.endBody', { issue: `${manifest.titleName} · ${manifest.issueName}` })}
      </p>
      {near && (near.newer || near.older) && (
        <div className="reader__end-issues">
          {near.older && link(near.older, t('reader.previousIssue'), 'previous-issue')}
          {near.newer && link(near.newer, t('reader.nextIssue'), 'next-issue')}
        </div>
      )}
      <div className="reader__end-actions">
        <a className="reader__button" href={titlePath} data-testid="more-from-title">
          {t('reader.moreFrom', { title: manifest.titleName })}
        </a>
        <ReaderDownload issueId={manifest.issueId} />
        <button type="button" className="reader__button" onClick={onBack}>
          {t('reader.backToLastPage')}
        </button>
      </div>
    </section>
  );
}

/** Download from the reader: its progress, or that it is done. */
function ReaderDownload({ issueId }: { issueId: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { records, running } = useDownloads();
  const { start, error } = useStartDownload(issueId);
  const record = records.find((r) => r.issueId === issueId);
  if (record?.status === 'done') return <span className="reader__end-note">✓ {t('downloads.downloaded')}</span>;
  if (running.has(issueId))
    return <span className="reader__end-note">{t('downloads.downloading', { done: record?.done ?? 0, total: record?.pages ?? 0 })}</span>;
  const problem = !error ? null : error instanceof ApiError && error.code === QUOTA ? t('downloads.quota') : errorText(error);
  return (
    <>
      <button type="button" className="reader__button" onClick={start} data-testid="reader-download">
        {record ? t('downloads.resume') : t('downloads.download')}
      </button>
      {problem && (
        <p className="reader__end-note" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
