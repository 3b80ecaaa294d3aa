// /login/sso: sign in through the institution's own system (OpenID Connect). The reader picks
// their institution or types its code; the browser goes to the institution and comes back to
// /login/sso/success.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { Field } from '../../components/Field';
import { useLocalePath } from '../../components/useLocalePath';
import { buildUrl } from '../../lib/api';
import { ssoStart } from '../../../shared/endpoints/account';
import { returnTo } from './flow';
import { ssoInstitutionsQuery } from './queries';
import { devanagariMark } from '../../../shared/devanagari-font';

export default function SsoPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { data, isPending } = useQuery(ssoInstitutionsQuery());
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Where to land afterwards, in this page's language.
  const go = (org: string | number) => window.location.assign(buildUrl(ssoStart.path, { org, returnTo: to(returnTo() ?? '/') }));

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return setError(t('sso.codeRequired'));
    go(code.trim());
  }

  return (
    <AuthCard title={t('sso.title')} lede={t('sso.lede')}>
      {isPending && <div className="skeleton sso-skeleton" aria-hidden="true" />}
      {data && data.institutions.length > 0 && (
        <ul className="sso-list">
          {data.institutions.map((i) => (
            <li key={i.id}>
              <button type="button" className="button button--ghost button--wide" onClick={() => go(i.id)} {...devanagariMark(i.name)}>
                {i.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && data.institutions.length === 0 && <p className="notice">{t('sso.none')}</p>}
      <div className="auth-divider">
        <span>{t('login.or')}</span>
      </div>
      <form onSubmit={onSubmit} noValidate className="auth-form">
        <Field
          label={t('sso.codeLabel')}
          name="org"
          autoCapitalize="characters"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          error={error}
        />
        <button type="submit" className="button button--wide">
          {t('sso.continue')}
        </button>
      </form>
    </AuthCard>
  );
}
