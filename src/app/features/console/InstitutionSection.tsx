// Admins only: an institution's subscription, sections, country, age rating and limits, its
// single sign-on, what its librarians see of members, and its librarians.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import type { InstitutionSettings } from '../../../shared/schemas/console-admin';
import { settingsQuery, useUpdateInstitution } from './admin-queries';
import { consoleTexts } from './texts';
import { QueryProblem, useRefusalText, type SectionProps } from './ConsoleParts';
import { InstitutionFields, bodyOf, formOf } from './InstitutionFields';
import { SsoPanel } from './SsoPanel';
import { SamlPanel } from './SamlPanel';
import { LibrariansPanel } from './LibrariansPanel';
import { PrivacyPanel } from './PrivacyPanel';

export function InstitutionSection({ institutionId }: SectionProps) {
  const settings = useQuery(settingsQuery(institutionId));
  if (settings.error) return <QueryProblem error={settings.error} retry={settings.refetch} />;
  if (!settings.data) return <span className="skeleton skeleton--title" aria-hidden="true" />;
  // Keyed by institution: choosing another one starts its forms afresh.
  return (
    <div key={institutionId}>
      <SettingsPanel settings={settings.data} />
      <SsoPanel settings={settings.data} />
      <SamlPanel settings={settings.data} />
      <PrivacyPanel institutionId={institutionId} />
      <LibrariansPanel institutionId={institutionId} />
    </div>
  );
}

function SettingsPanel({ settings }: { settings: InstitutionSettings }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const [form, setForm] = useState(() => formOf(settings));
  const update = useUpdateInstitution(settings.id);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(bodyOf(form), { onSuccess: () => showToast(t('settingsSaved')) });
  };
  return (
    <section aria-labelledby="settings-title" className="console__section console__panel">
      <h2 id="settings-title" className="console__heading">
        {t('institutionSettings')}
      </h2>
      <p className="console__note" data-testid="inst-identity">
        {t('institutionIdentity', { name: settings.name, code: settings.orgCode ?? '—' })}
      </p>
      <form className="console-form" onSubmit={onSubmit} noValidate data-testid="inst-settings">
        <InstitutionFields form={form} onChange={setForm} />
        {update.error && (
          <p className="form-error" role="alert">
            {refusal(update.error)}
          </p>
        )}
        <button type="submit" className="button" disabled={update.isPending} data-testid="inst-save">
          {t('save')}
        </button>
      </form>
    </section>
  );
}
