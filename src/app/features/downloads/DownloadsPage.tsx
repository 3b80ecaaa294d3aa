// /dashboard/downloads: the issues kept on this device for offline reading, with their sizes
// and dates, the storage used and free, the reader's download limits; remove one or all.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountLayout } from '../account/AccountLayout';
import { formatDate } from '../../lib/locale';
import { showToast } from '../../components/Toast';
import type { DownloadsReply } from '../../../shared/schemas/reader';
import type { DownloadRecord } from '../../db/index';
import { useOpenIssue } from '../open-issue/useOpenIssue';
import { checkDownloads, removeDownload, useDownloads } from '../../downloads/store';
import { coverSrcSet } from '../../../shared/covers';
import './downloads.css';
import { devanagariMark } from '../../../shared/devanagari-font';

export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let n = bytes;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: n < 10 && i > 0 ? 1 : 0 }).format(n)} ${units[i]}`;
}

function useStorage(deps: unknown) {
  const [storage, setStorage] = useState<{ usage: number; quota: number; persisted: boolean } | null>(null);
  useEffect(() => {
    if (!navigator.storage?.estimate) return;
    void Promise.all([navigator.storage.estimate(), navigator.storage.persisted?.() ?? false]).then(([e, persisted]) =>
      setStorage({ usage: e.usage ?? 0, quota: e.quota ?? 0, persisted }),
    );
  }, [deps]);
  return storage;
}

export default function DownloadsPage() {
  const { t, i18n } = useTranslation();
  const { records: downloads, running, ready } = useDownloads();
  const storage = useStorage(downloads);
  const [server, setServer] = useState<DownloadsReply | null>(null);
  const { open, dialog } = useOpenIssue();
  useEffect(() => void checkDownloads().then(setServer), [downloads.length]);

  const status = (d: DownloadRecord) =>
    running.has(d.issueId) ? 'downloads.downloading' : d.stoppedFor === 'quota' ? 'downloads.stoppedQuota' : 'downloads.paused';
  const remove = async (issueId?: number) => {
    await removeDownload(issueId);
    showToast(t('downloads.removed'));
  };

  return (
    <AccountLayout title={t('downloads.title')}>
      {storage && (
        <div className="downloads__storage" data-testid="storage">
          <p className="account__note" id="storage-used">
            {t('downloads.storage', { used: formatBytes(storage.usage, i18n.language), quota: formatBytes(storage.quota, i18n.language) })}{' '}
            {storage.persisted ? t('downloads.persisted') : t('downloads.notPersisted')}
          </p>
          {storage.quota > 0 && <progress max={storage.quota} value={storage.usage} aria-labelledby="storage-used" />}
        </div>
      )}
      {server && (
        <p className="account__note" data-testid="limits">
          {t('downloads.limits', {
            used: server.used.issues,
            limit: server.limits.issues,
            devices: server.used.devices,
            deviceLimit: server.limits.devices,
          })}
        </p>
      )}
      {!ready ? null : downloads.length === 0 ? (
        <p className="downloads__empty" data-testid="no-downloads">
          {t('downloads.empty')}
        </p>
      ) : (
        <>
          <ul className="downloads">
            {downloads.map((d) => (
              <li key={d.issueId} className="downloads__item" data-testid="downloaded-issue">
                {d.cover ? (
                  <img src={d.cover} srcSet={coverSrcSet(d.coverSrcSet)} sizes="72px" alt="" width={72} height={102} loading="lazy" />
                ) : (
                  <span className="downloads__cover" />
                )}
                <div className="downloads__text">
                  <strong {...devanagariMark(d.titleName)}>{d.titleName}</strong>
                  <span {...devanagariMark(d.issueName)}>{d.issueName}</span>
                  <small>
                    {formatBytes(d.bytes, i18n.language)} · {t('downloads.saved', { date: formatDate(new Date(d.savedAt), i18n.language) })}
                    {d.status !== 'done' && ` · ${t(status(d), { done: d.done, total: d.pages })}`}
                  </small>
                </div>
                <div className="downloads__actions">
                  {d.status === 'done' && (
                    <button type="button" className="button button--small" onClick={() => void open(d.issueId)}>
                      {t('downloads.read')}
                    </button>
                  )}
                  <button type="button" className="button button--ghost button--small" onClick={() => void remove(d.issueId)}>
                    {t('downloads.remove')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <button type="button" className="button button--ghost" onClick={() => void remove()} data-testid="remove-all">
            {t('downloads.removeAll')}
          </button>
        </>
      )}
      {dialog}
    </AccountLayout>
  );
}
