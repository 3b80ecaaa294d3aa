// My Account: the reader's institution sign-ins. An account made before its institution's sign-in
// (by a code or a password) is linked here, signed in: the provider confirms the reader, and from
// then on that sign-in opens this account. A sign-in never reaches an account it was not linked to.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLocalePath } from '../../components/useLocalePath';
import { apiPost } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { formatDate } from '../../lib/locale';
import { ssoLinksQuery } from './queries';
import { appPaths } from '../../../shared/app-paths';

export function SsoLink() {
  const { t, i18n } = useTranslation();
  const to = useLocalePath();
  const errorText = useErrorText();
  const links = useQuery(ssoLinksQuery()).data;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!links || (!links.linked.length && !links.canLink.length)) return null;

  async function link(institutionId: number) {
    setBusy(true);
    setError(null);
    try {
      const { url } = await apiPost('/api/sso/link', z.object({ url: z.string() }), {
        institutionId,
        returnTo: to(appPaths.myAccount),
      });
      window.location.assign(url);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

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
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
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
