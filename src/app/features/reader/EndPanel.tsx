// The end of an issue: instead of a dead end, the issues before and after it, the title's page
// for more, and Download to keep it on the device. The neighbours come from the title's issue
// list (newest first); offline they are left out and the rest still shows.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, contentGet } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { formatDate } from '../../lib/locale';
import type { Issue, IssuesResponse } from '../../../shared/schemas/content';
import type { IssueManifest } from '../../../shared/schemas/reader';
import { readerUrl } from '../../../shared/reader-paths';
import { QUOTA, downloadIssue, useDownloads } from '../../downloads/store';

interface Neighbours {
  newer: Issue | null;
  older: Issue | null;
}

function useNeighbours(m: IssueManifest): Neighbours | null {
  const [found, setFound] = useState<Neighbours | null>(null);
  useEffect(() => {
    const regular = (r: IssuesResponse) => r.edt_details.filter((i) => !i.isSpecial && i.issueId !== m.issueId);
    Promise.all([
      contentGet<IssuesResponse>('/content/getIssuesByMag', { mid: m.mid }),
      contentGet<IssuesResponse>('/content/getIssuesByMag', { mid: m.mid, lst_dt: m.pubDate.slice(0, 10) }),
    ])
      .then(([latest, before]) =>
        setFound({ newer: regular(latest).findLast((i) => i.pubDate > m.pubDate) ?? null, older: regular(before)[0] ?? null }),
      )
      .catch(() => setFound({ newer: null, older: null }));
  }, [m.mid, m.issueId, m.pubDate]);
  return found;
}

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
      <strong>{i.issueName}</strong>
      <span>{formatDate(i.pubDate, lang)}</span>
    </a>
  );
  return (
    <section className="reader__end" aria-labelledby="reader-end-title" data-no-gestures data-testid="reader-end">
      <h2 id="reader-end-title">{t('reader.endTitle')}</h2>
      <p>{t('reader.endBody', { issue: `${manifest.titleName} · ${manifest.issueName}` })}</p>
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
  const [problem, setProblem] = useState<string | null>(null);
  const record = records.find((r) => r.issueId === issueId);
  if (record?.status === 'done') return <span className="reader__end-note">✓ {t('downloads.downloaded')}</span>;
  if (running.has(issueId))
    return <span className="reader__end-note">{t('downloads.downloading', { done: record?.done ?? 0, total: record?.pages ?? 0 })}</span>;
  const start = () => {
    setProblem(null);
    downloadIssue(issueId).catch((err: unknown) =>
      setProblem(err instanceof ApiError && err.code === QUOTA ? t('downloads.quota') : errorText(err)),
    );
  };
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
