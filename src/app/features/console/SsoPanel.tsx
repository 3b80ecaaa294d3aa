// An institution's single sign-on (OpenID Connect): issuer, client ID and a client secret that is
// write-only: the server only says whether one is set, so the field stays empty ("set" shown).
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import type { InstitutionSettings } from '../../../shared/schemas/console-admin';
import { useSso } from './admin-queries';
import { consoleTexts } from './texts';
import { useRefusalText } from './ConsoleParts';

export function SsoPanel({ settings }: { settings: InstitutionSettings }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const [issuer, setIssuer] = useState(settings.sso?.issuer ?? '');
  const [clientId, setClientId] = useState(settings.sso?.clientId ?? '');
  const [secret, setSecret] = useState('');
  const sso = useSso(settings.id);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    sso.mutate({ issuer, clientId, clientSecret: secret }, { onSuccess: () => (setSecret(''), showToast(t('ssoSaved'))) });
  };
  const turnOff = () =>
    sso.mutate(null, {
      onSuccess: () => {
        setIssuer('');
        setClientId('');
        showToast(t('ssoTurnedOff'));
      },
    });
  return (
    <section aria-labelledby="sso-title" className="console__section console__panel">
      <h2 id="sso-title" className="console__heading">
        {t('ssoTitle')}
      </h2>
      <p className="console__note" data-testid="sso-state">
        {settings.sso ? t('ssoOn', { issuer: settings.sso.issuer }) : t('ssoOff')}
      </p>
      <p className="console__note">
        {t('ssoRedirect')} <code className="console__code">{settings.ssoRedirectUri}</code>
      </p>
      <form className="console-form" onSubmit={onSubmit} noValidate data-testid="sso-form">
        <div className="console-form__grid">
          <Field
            label={t('ssoIssuer')}
            placeholder="https://login.college.edu"
            value={issuer}
            onChange={(e) => setIssuer(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            data-testid="sso-issuer"
          />
          <Field
            label={t('ssoClientId')}
            value={clientId}
            onChange={(e) => setClientId(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            data-testid="sso-client"
          />
          <Field
            label={t('ssoSecret')}
            hint={settings.sso?.secretSet ? t('ssoSecretSet') : t('ssoSecretNeeded')}
            type="password"
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            autoComplete="new-password"
            data-testid="sso-secret"
          />
        </div>
        {sso.error && (
          <p className="form-error" role="alert">
            {refusal(sso.error)}
          </p>
        )}
        <div className="console-form__actions">
          <button type="submit" className="button" disabled={sso.isPending} data-testid="sso-save">
            {t('save')}
          </button>
          {settings.sso && (
            <button type="button" className="button button--ghost" disabled={sso.isPending} onClick={turnOff} data-testid="sso-off">
              {t('ssoTurnOff')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
