// /dashboard/myAccount: name (editable), e-mail and mobile (linking a mobile number by code),
// the institution, the Smart Reading Zone settings (location, notifications, the Wi-Fi identities
// a venue's network may report), and the devices
// signed in to the account.
import { Suspense, lazy, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText, useValidationText } from '../../lib/errors';
import { MESSAGES } from '../../../shared/validation';
import { AccountLayout } from './AccountLayout';
import { NoData, hasNoData } from '../../components/NoData';
import { InstitutionSummary } from './InstitutionSummary';
import { DeleteAccount } from './DeleteAccount';
import { DeviceCode } from './DeviceCode';
import { SsoLink } from './SsoLink';
import { Sessions } from './Sessions';
import { WifiIdentities } from './WifiIdentities';
import { detailsQuery } from './queries';
import { useUpdateProfile } from './mutations';
import { appPaths } from '../../../shared/app-paths';

const ZoneSettings = lazy(() => import('../zone/ZoneSettings'));

export default function MyAccountPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const details = useQuery(detailsQuery());
  const user = details.data;
  // null until the reader types: the saved name shows meanwhile.
  const [typed, setName] = useState<string | null>(null);
  const name = typed ?? (user ? `${user.fname} ${user.lname}`.trim() : '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const errorText = useErrorText();
  const v = useValidationText();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError(MESSAGES.nameEmpty);
    update.mutate(name.trim(), { onError: (err) => setError(errorText(err)) });
  }

  return (
    <AccountLayout title={t('account.links.myAccount')}>
      {hasNoData(details) ? (
        // Offline and never loaded here, or failed: say so rather than show empty details.
        <NoData query={details} />
      ) : (
        <>
          <form className="account__form" onSubmit={onSubmit} noValidate>
            <Field
              label={t('account.name')}
              name="name"
              autoComplete="name"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
              error={v(error)}
            />
            <button type="submit" className="button" disabled={update.isPending || !user}>
              {t('account.save')}
            </button>
          </form>
          <dl className="account__facts">
            <div>
              <dt>{t('account.email')}</dt>
              <dd>{user && (user.email ?? t('account.none'))}</dd>
            </div>
            <div>
              <dt>{t('account.mobile')}</dt>
              <dd>
                {user && (user.mobile ?? t('account.none'))}{' '}
                {user?.usertype === 'user' && (
                  <Link to={to(appPaths.linkMobile)}>{t(user.mobile ? 'account.changeMobile' : 'account.addMobile')}</Link>
                )}
              </dd>
            </div>
          </dl>
          <h2 className="account__subtitle">{t('account.institution')}</h2>
          <InstitutionSummary user={user} />
        </>
      )}
      <Suspense fallback={null}>
        <ZoneSettings />
      </Suspense>
      {user?.usertype === 'user' && <WifiIdentities />}
      {user?.usertype === 'user' && <SsoLink />}
      {user?.usertype === 'user' && <DeviceCode />}
      {user && <Sessions />}
      {user?.usertype === 'user' && <DeleteAccount />}
    </AccountLayout>
  );
}
