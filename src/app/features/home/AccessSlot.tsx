// Home's access line: how to get in for a signed-out visitor (plain, inline: most first visits
// see it), or the access-ended banner for a signed-in reader who cannot read (a lazy chunk); none
// while a zone pass runs (a pass is access: the zone banner says until when). On an institution's
// campus network (IP authentication) it says whose access this is instead.
import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../components/useLocalePath';
import { loadScreenTexts } from '../../lib/i18n';
import { session, useSessionVersion } from '../../lib/session';
import { hasAccess } from '../../lib/access';
import { passesChecked, usePassesVersion } from '../../lib/zone-pass';
import { useCampus } from '../../lib/campus';
import { appPaths } from '../../../shared/app-paths';

const AccessEndedBanner = lazy(() => Promise.all([import('../access/AccessEndedBanner'), loadScreenTexts()]).then(([m]) => m));

export function AccessSlot() {
  const { t } = useTranslation();
  const to = useLocalePath();
  useSessionVersion();
  usePassesVersion();
  const campus = useCampus();
  if (campus && (!session.isLoggedIn() || !hasAccess()))
    return (
      <p className="home__getin home__campus" data-testid="campus-access">
        {t('home.campusAccess', { institution: campus.name })}
      </p>
    );
  if (!session.isLoggedIn())
    return (
      <p className="home__getin" data-testid="how-to-get-in">
        {t('home.getIn')} <Link to={to(appPaths.login)}>{t('home.signIn')}</Link>
      </p>
    );
  // Until the page load's first passes answer, a reader in a zone is not told they have no access.
  if (hasAccess() || (!passesChecked() && navigator.onLine)) return null;
  return (
    <Suspense fallback={null}>
      <AccessEndedBanner />
    </Suspense>
  );
}
