// Admins only: what this institution's librarians see of each member (their reading, their
// devices) and how long a member's reading stays linked to them. The server enforces it: a hidden
// part never reaches a librarian's screen.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../../components/Field';
import { showToast } from '../../components/Toast';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { RETENTION_MAX_DAYS, RETENTION_MIN_DAYS, type MemberPrivacy } from '../../../shared/schemas/member-privacy';
import { privacyQuery, useSetPrivacy } from './admin-queries';
import { consoleTexts } from './texts';
import { QueryProblem, useRefusalText } from './ConsoleParts';

export function PrivacyPanel({ institutionId }: { institutionId: number }) {
  const privacy = useQuery(privacyQuery(institutionId));
  if (privacy.error) return <QueryProblem error={privacy.error} retry={privacy.refetch} />;
  if (!privacy.data) return <span className="skeleton skeleton--title" aria-hidden="true" />;
  return <PrivacyForm institutionId={institutionId} privacy={privacy.data} />;
}

function PrivacyForm({ institutionId, privacy }: { institutionId: number; privacy: MemberPrivacy }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const [form, setForm] = useState({ ...privacy, retentionDays: String(privacy.retentionDays) });
  const save = useSetPrivacy(institutionId);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { showReading: form.showReading, showDevices: form.showDevices, retentionDays: Number(form.retentionDays) },
      { onSuccess: () => showToast(t('privacySaved')) },
    );
  };
  return (
    <section aria-labelledby="privacy-title" className="console__section console__panel">
      <h2 id="privacy-title" className="console__heading">
        {t('privacyTitle')}
      </h2>
      <p className="console__note">{t('privacyExplain')}</p>
      <form className="console-form" onSubmit={onSubmit} noValidate data-testid="privacy-form">
        <fieldset className="console-form__sections">
          <label>
            <input
              type="checkbox"
              checked={form.showReading}
              onChange={(e) => setForm({ ...form, showReading: e.target.checked })}
              data-testid="privacy-reading"
            />{' '}
            {t('privacyShowReading')}
          </label>
          <label>
            <input
              type="checkbox"
              checked={form.showDevices}
              onChange={(e) => setForm({ ...form, showDevices: e.target.checked })}
              data-testid="privacy-devices"
            />{' '}
            {t('privacyShowDevices')}
          </label>
        </fieldset>
        <div className="console-form__grid">
          <Field
            label={t('privacyRetention')}
            hint={t('privacyRetentionHelp', { min: RETENTION_MIN_DAYS, max: RETENTION_MAX_DAYS })}
            type="number"
            inputMode="numeric"
            min={RETENTION_MIN_DAYS}
            max={RETENTION_MAX_DAYS}
            value={form.retentionDays}
            onChange={(e) => setForm({ ...form, retentionDays: e.target.value })}
            data-testid="privacy-days"
          />
        </div>
        {save.error && (
          <p className="form-error" role="alert">
            {refusal(save.error)}
          </p>
        )}
        <button type="submit" className="button" disabled={save.isPending} data-testid="privacy-save">
          {t('privacySave')}
        </button>
      </form>
    </section>
  );
}
