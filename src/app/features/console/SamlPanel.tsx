// An institution's SAML sign-in (Shibboleth, OpenAthens, eduGAIN): the admin gives the identity
// provider's metadata by address or pastes it, and gives the provider our metadata address. An
// institution signs in through one system, so saving this turns OpenID Connect off (and back).
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import type { InstitutionSettings } from '../../../shared/schemas/console-admin';
import { useSaml } from './admin-queries';
import { consoleTexts } from './texts';
import { useRefusalText } from './ConsoleParts';

export function SamlPanel({ settings }: { settings: InstitutionSettings }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const [metadataUrl, setMetadataUrl] = useState(settings.saml?.metadataUrl ?? '');
  const [metadataXml, setMetadataXml] = useState('');
  const saml = useSaml(settings.id);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    saml.mutate(metadataXml.trim() ? { metadataXml } : { metadataUrl }, {
      onSuccess: () => (setMetadataXml(''), showToast(t('samlSaved'))),
    });
  };
  const turnOff = () => saml.mutate(null, { onSuccess: () => (setMetadataUrl(''), showToast(t('samlTurnedOff'))) });
  return (
    <section aria-labelledby="saml-title" className="console__section console__panel" data-testid="saml-panel">
      <h2 id="saml-title" className="console__heading">
        {t('samlTitle')}
      </h2>
      <p className="console__note" data-testid="saml-state">
        {settings.saml ? t('samlOn', { entityId: settings.saml.entityId, count: settings.saml.certs }) : t('samlOff')}
      </p>
      <p className="console__note">
        {t('samlSpMetadata')}{' '}
        <a className="console__code" href={settings.samlSpMetadata} target="_blank" rel="noreferrer">
          {settings.samlSpMetadata}
        </a>
      </p>
      <form className="console-form" onSubmit={onSubmit} noValidate data-testid="saml-form">
        <Field
          label={t('samlMetadataUrl')}
          placeholder="https://idp.college.edu/idp/shibboleth"
          type="url"
          value={metadataUrl}
          onChange={(e) => setMetadataUrl(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          data-testid="saml-url"
        />
        <div className="field">
          <label className="field__label" htmlFor="saml-xml">
            {t('samlMetadataXml')}
          </label>
          <textarea
            id="saml-xml"
            className="field__input field__textarea"
            rows={4}
            spellCheck={false}
            placeholder={'<EntityDescriptor entityID="…">'}
            aria-describedby="saml-xml-hint"
            value={metadataXml}
            onChange={(e) => setMetadataXml(e.target.value)}
            data-testid="saml-xml"
          />
          <p className="field__hint" id="saml-xml-hint">
            {t('samlMetadataHint')}
          </p>
        </div>
        {saml.error && (
          <p className="form-error" role="alert">
            {refusal(saml.error)}
          </p>
        )}
        <div className="console-form__actions">
          <button type="submit" className="button" disabled={saml.isPending} data-testid="saml-save">
            {t('save')}
          </button>
          {settings.saml && (
            <button type="button" className="button button--ghost" disabled={saml.isPending} onClick={turnOff} data-testid="saml-off">
              {t('ssoTurnOff')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
