// My Account: the reader's institution sign-ins. An account made before its institution's sign-in
// (by a code or a password) is linked here, signed in: the provider confirms the reader, and from
// then on that sign-in opens this account. A sign-in never reaches an account it was not linked to.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText } from '../../lib/errors';
import { formatDate } from '../../lib/locale';
import { useLinkSso } from './mutations';
import { ssoLinksQuery } from './queries';
import { appPaths } from '../../../shared/app-paths';

export function SsoLink() {
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  const errorText = useErrorText();
  const links = useQuery(ssoLinksQuery()).data;
  const linking = useLinkSso();
  // (still busy once it succeeded: the page is on its way to the provider)
  const busy = linking.isPending || linking.isSuccess;
  if (!links || (!links.linked.length && !links.canLink.length)) return null;
  const link = (institutionId: number) => linking.mutate({ institutionId, returnTo: to(appPaths.myAccount) });

  return (
    <section aria-labelledby="sso-link-title" data-testid="sso-links">
      <h2 id="sso-link-title" className="account__subtitle">
        {t('ssoLink.title')}
      </h2>
      {links.linked.map((l) => (
        <p key={l.institution} data-testid="sso-linked">
          {t('ssoLink.linked', { institution: l.institution, date: formatDate(new Date(l.linkedAt), i18n.language) })}
        </p>
      ))}
      {links.canLink.length > 0 && <p>{t('ssoLink.lede')}</p>}
      {linking.isError && (
        <p className="notice notice--error" role="alert">
          {errorText(linking.error)}
        </p>
      )}
      {links.canLink.map((i) => (
        <button key={i.id} type="button" className="button button--ghost" disabled={busy} onClick={() => link(i.id)}>
          {t('ssoLink.link', { institution: i.name })}
        </button>
      ))}
    </section>
  );
}
