// Opening an issue (Read Now, Discover's Read More at a page, issue tiles): ask for a reader
// token, which is where the server checks entitlement, then open the reader in a new tab; a
// blocked pop-up navigates this tab instead (spec §4). A refusal shows its text in a dialog
// (the expired-subscription dialog of spec §4 with Ok, in the generic popup). Offline, a downloaded issue opens as is.
// While the token is on its way the button says so, and further taps are ignored: on slow Wi-Fi
// a second tap used to open a second reader tab. Signed out, sign-in comes back here and opens it;
// signed out on an institution's campus network (IP authentication), a guest session opens it at once.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { saveUser, session } from '../../lib/session';
import { campusNow } from '../../lib/campus';
import { useErrorText } from '../../lib/errors';
import { showToast } from '../../components/Toast';
import { useLocalePath } from '../../components/useLocalePath';
import { stripLocale } from '../../lib/locale';
import { PRODUCT_NAME } from '../../../shared/constants';
import { readerUrl } from '../../../shared/reader-paths';
import { requestReaderToken } from '../../lib/reader-token';
import { NextSteps } from '../access/NextSteps';
import { downloadRecord } from '../../downloads/store';
import { deviceProgress } from '../../db/index';
import { Popup } from '../../components/Popup';
import { runningPass } from '../../lib/zone-pass';
import { appPaths } from '../../../shared/app-paths';

interface Refusal {
  code: string;
  message: string;
}

function launch(url: string) {
  const win = window.open(url, '_blank');
  if (win) win.opener = null;
  else window.location.assign(url);
}

/** The query parameter that asks this page, back from sign-in, to open an issue (`read=12` or `read=12.5` at page 5). */
const READ_PARAM = 'read';
/** The location key whose `read` was taken: a page with several openers (Discover's tiles) opens it once. */
let taken: string | null = null;

/** isNews: the issues opened here are a newspaper's (the reader-token call of spec §7 says so).
 * `opening` is the issue whose token is on its way (its button shows it is opening). */
export function useOpenIssue({ isNews = false } = {}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const to = useLocalePath();
  const errorText = useErrorText();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const busy = useRef(false);
  const lang = i18n.language === 'hi' ? 'hi' : 'en';
  const extra: Record<string, string> = lang === 'hi' ? { lang } : {};

  /** Sign-in, then back to this page, which opens the issue. */
  const signInFirst = (issueId: number, page?: number) => {
    const back = new URLSearchParams(location.search);
    back.set(READ_PARAM, page ? `${issueId}.${page}` : String(issueId));
    navigate(to(appPaths.loginReturningTo(`${stripLocale(location.pathname)}?${back}`)));
  };

  async function open(issueId: number, page?: number) {
    if (busy.current) return;
    busy.current = true;
    setOpening(issueId);
    try {
      await request(issueId, page);
    } finally {
      busy.current = false;
      setOpening(null);
    }
  }

  async function request(issueId: number, page?: number) {
    if (!session.isLoggedIn() || !session.userToken()) {
      if (!navigator.onLine || !(await campusNow())) return signInFirst(issueId, page);
      try {
        // Loaded on the tap: the guest flow (and its forms' schemas) is not a title page's first code.
        const { startGuestSession } = await import('../../lib/guest');
        saveUser(await startGuestSession(), 'guest');
      } catch (err) {
        return showToast(errorText(err));
      }
    }
    // Offline: a downloaded issue opens as it is; any other needs the network, and says so.
    const openOffline = async () => {
      if ((await downloadRecord(issueId))?.status === 'done') launch(readerUrl(issueId, page, extra));
      else showToast(t('offline.readNeedsNetwork'), { to: to(appPaths.downloads), label: t('offline.toDownloads') });
    };
    if (!navigator.onLine) return openOffline();
    try {
      const [grant, here] = await Promise.all([
        requestReaderToken(issueId, { page, lang, isNews }),
        deviceProgress(issueId).catch(() => undefined),
      ]);
      // The address always names the page (the one asked for or the server's, else this device's,
      // else the first): reader.html shows a named page before the reader's code has loaded.
      launch(readerUrl(issueId, grant.page ?? here?.page ?? 1, { ...extra, code: grant.code }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) setRefusal({ code: err.code, message: err.message });
      else if (err instanceof ApiError && err.status === 401) signInFirst(issueId, page);
      else if (err instanceof ApiError && err.code === 'network') await openOffline();
      else showToast(errorText(err));
    }
  }

  // Back from sign-in with ?read=: open that issue once, and take the parameter out of the address.
  const wanted = new URLSearchParams(location.search).get(READ_PARAM);
  useEffect(() => {
    const m = /^(\d+)(?:\.(\d+))?$/.exec(wanted ?? '');
    if (!m || taken === location.key || !session.isLoggedIn()) return;
    taken = location.key;
    const rest = new URLSearchParams(location.search);
    rest.delete(READ_PARAM);
    navigate({ search: rest.toString() ? `?${rest}` : '' }, { replace: true });
    void open(Number(m[1]), m[2] ? Number(m[2]) : undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per arrival; open is recreated each render
  }, [wanted, location.key]);

  return { open, opening, dialog: refusal && <RefusalDialog refusal={refusal} onClose={() => setRefusal(null)} /> };
}

function RefusalDialog({ refusal, onClose }: { refusal: Refusal; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const byCode = `errors.${refusal.code}`;
  // In a zone, the reader's own access refusing means the zone does not open this title: said so,
  // not "Oops! expired" under the banner's "Read free here".
  const pass = refusal.code === 'subscription_expired' || refusal.code === 'no_access' ? runningPass() : null;
  const title = pass
    ? t('access.notInZoneTitle', { zone: pass.zoneName })
    : refusal.code === 'subscription_expired'
      ? t('access.expiredTitle', { product: PRODUCT_NAME })
      : refusal.code === 'country_blocked'
        ? t('title.blocked')
        : refusal.code === 'no_access'
          ? t('access.noAccessTitle', { product: PRODUCT_NAME })
          : i18n.exists(byCode)
            ? t(byCode as 'errors.generic')
            : refusal.message;
  const body = pass
    ? t('access.notInZoneBody')
    : refusal.code === 'subscription_expired'
      ? t('access.expiredBody')
      : refusal.code === 'no_access'
        ? t('access.noAccessBody')
        : null;
  return (
    <Popup
      title={title}
      onClose={onClose}
      testId="reading-refused"
      actions={
        <>
          {body && <NextSteps />}
          <button type="submit" className="button">
            {t('reader.ok')}
          </button>
        </>
      }
    >
      {body && <p>{body}</p>}
    </Popup>
  );
}
