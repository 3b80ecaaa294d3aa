// Opening an issue (Read Now, Discover's Read More at a page, issue tiles): ask for a reader
// token, which is where the server checks entitlement, then open the reader in a new tab; a
// blocked pop-up navigates this tab instead (spec §4). A refusal shows its text in a dialog
// (the expired-subscription dialog of spec §4 with Ok). Offline, a downloaded issue opens as is.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { session } from '../../lib/session';
import { useErrorText } from '../../lib/errors';
import { showToast } from '../../components/Toast';
import { useLocalePath } from '../../components/useLocalePath';
import { PRODUCT_NAME } from '../../../shared/constants';
import { readerUrl } from '../../../shared/reader-paths';
import { requestReaderToken } from './readerToken';
import { NextSteps } from '../access/NextSteps';
import { downloadRecord } from '../downloads/store';

interface Refusal {
  code: string;
  message: string;
}

function launch(url: string) {
  const win = window.open(url, '_blank');
  if (win) win.opener = null;
  else window.location.assign(url);
}

/** isNews: the issues opened here are a newspaper's (the reader-token call of spec §7 says so). */
export function useOpenIssue({ isNews = false } = {}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const errorText = useErrorText();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const lang = i18n.language === 'hi' ? 'hi' : 'en';
  const extra: Record<string, string> = lang === 'hi' ? { lang } : {};

  async function open(issueId: number, page?: number) {
    if (!session.isLoggedIn() || !session.userToken()) {
      navigate(to('/login'));
      return;
    }
    // Offline: a downloaded issue opens as it is; any other needs the network, and says so.
    const openOffline = async () => {
      if ((await downloadRecord(issueId))?.status === 'done') launch(readerUrl(issueId, page, extra));
      else showToast(t('offline.readNeedsNetwork'));
    };
    if (!navigator.onLine) return openOffline();
    try {
      const grant = await requestReaderToken(issueId, { page, lang, isNews });
      launch(readerUrl(issueId, grant.page ?? undefined, { ...extra, code: grant.code }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) setRefusal({ code: err.code, message: err.message });
      else if (err instanceof ApiError && err.status === 401) navigate(to('/login'));
      else if (err instanceof ApiError && err.code === 'network') await openOffline();
      else showToast(errorText(err));
    }
  }

  return { open, dialog: refusal && <RefusalDialog refusal={refusal} onClose={() => setRefusal(null)} /> };
}

function RefusalDialog({ refusal, onClose }: { refusal: Refusal; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => ref.current?.showModal(), []);
  const byCode = `errors.${refusal.code}`;
  const title =
    refusal.code === 'subscription_expired'
      ? t('access.expiredTitle', { product: PRODUCT_NAME })
      : refusal.code === 'country_blocked'
        ? t('title.blocked')
        : refusal.code === 'no_access'
          ? t('access.noAccessTitle', { product: PRODUCT_NAME })
          : i18n.exists(byCode)
            ? t(byCode as 'errors.generic')
            : refusal.message;
  const body =
    refusal.code === 'subscription_expired' ? t('access.expiredBody') : refusal.code === 'no_access' ? t('access.noAccessBody') : null;
  return (
    <dialog ref={ref} className="dialog" onClose={onClose} aria-labelledby="refusal-title" data-testid="reading-refused">
      <h2 id="refusal-title" className="dialog__title">
        {title}
      </h2>
      {body && <p>{body}</p>}
      <form method="dialog" className="dialog__actions">
        {body && <NextSteps />}
        <button type="submit" className="button">
          {t('reader.ok')}
        </button>
      </form>
    </dialog>
  );
}
