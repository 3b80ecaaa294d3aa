// /validate-user?type=1 (no library linked: the no-access screen) and ?type=2 (subscription
// expired, spec §4 texts): an access code, or sign in with a different account. While a Smart
// Reading Zone pass runs the pass leads, and the screen is about reading outside the zone: no
// "Oops! expired" under "You can read free here".
import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { useLogout } from '../../components/useLogout';
import { PRODUCT_NAME } from '../../../shared/constants';
import { AccessCodeForm } from './AccessCodeForm';
import { useLibrarianMail } from './NextSteps';
import { IdUploadForm } from './IdUploadForm';
import { PlansOffer } from '../plans/PlansOffer';
import { isGuest, session, storedUser } from '../../lib/session';
import { runningPass, usePassesVersion } from '../../lib/zone-pass';
import { appPaths } from '../../../shared/app-paths';

// A running zone pass leads the screen (its own chunk: most readers here have none).
const PassLead = lazy(() => import('../zone/PassLead').then((m) => ({ default: m.PassLead })));

export default function ValidateUserPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const logout = useLogout();
  const expired = params.get('type') === '2';
  const librarianMail = useLibrarianMail();
  usePassesVersion();
  const inZone = runningPass() !== null;
  const title = inZone
    ? t('access.inZoneTitle')
    : expired
      ? t('access.expiredTitle', { product: PRODUCT_NAME })
      : t('access.noAccessTitle', { product: PRODUCT_NAME });
  const lede = inZone
    ? t(expired ? 'access.inZoneExpiredBody' : 'access.inZoneNoAccessBody')
    : expired
      ? t('access.expiredBody')
      : t('access.noAccessBody');
  return (
    <AuthCard
      wide
      title={title}
      lede={lede}
      lead={
        <Suspense fallback={null}>
          <PassLead />
        </Suspense>
      }
    >
      <h2 className="auth__subtitle">{t('access.haveCode')}</h2>
      <AccessCodeForm />
      {!expired && session.isLoggedIn() && !isGuest() && (
        <>
          <h2 className="auth__subtitle auth__subtitle--spaced">{t('idUpload.title')}</h2>
          {storedUser()?.uploadedID ? (
            <p className="notice" data-testid="id-pending">
              {t('idUpload.pending')}
            </p>
          ) : (
            <IdUploadForm />
          )}
        </>
      )}
      <PlansOffer />
      <a className="button button--ghost button--wide" href={librarianMail} data-testid="ask-librarian">
        {t('nextSteps.askLibrarian')}
      </a>
      <div className="auth-divider">
        <span>{t('login.or')}</span>
      </div>
      <button
        type="button"
        className="button button--ghost button--wide"
        onClick={() => logout({ then: appPaths.loginEmail })}
        data-testid="different-account"
      >
        {t('access.differentAccount')}
      </button>
    </AuthCard>
  );
}
