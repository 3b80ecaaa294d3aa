// /dashboard/email-preference: which optional mails the reader wants (sign-in codes always go).
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/errors';
import type { EmailPreferences } from '../../../shared/schemas/account';
import { AccountLayout } from './AccountLayout';
import { NoData } from '../../components/NoData';
import { emailPreferencesQuery } from './queries';
import { useSaveEmailPreferences } from './mutations';

const KEYS: (keyof EmailPreferences)[] = ['newIssues', 'recommendations', 'productNews'];

export default function EmailPreferencePage() {
  const { t } = useTranslation();
  const query = useQuery(emailPreferencesQuery());
  const { data } = query;
  // The reader's changes over the saved preferences.
  const [edits, setEdits] = useState<Partial<EmailPreferences>>({});
  const prefs = data ? { ...data, ...edits } : null;
  const save = useSaveEmailPreferences();
  const errorText = useErrorText();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (prefs) save.mutate(prefs);
  }

  return (
    <AccountLayout title={t('account.links.emailPreference')}>
      <form className="account__form" onSubmit={onSubmit}>
        <p className="account__note">{t('emailPrefs.intro')}</p>
        <NoData query={query} />
        {KEYS.map((k) => (
          <label key={k} className="toggle">
            <input
              type="checkbox"
              checked={prefs?.[k] ?? false}
              disabled={!prefs}
              onChange={(e) => setEdits({ ...edits, [k]: e.target.checked })}
            />
            <span>
              <strong>{t(`emailPrefs.${k}`)}</strong>
              <small>{t(`emailPrefs.${k}Hint`)}</small>
            </span>
          </label>
        ))}
        {save.error && (
          <p className="form-error" role="alert">
            {errorText(save.error)}
          </p>
        )}
        <button type="submit" className="button" disabled={!prefs || save.isPending}>
          {t('account.save')}
        </button>
      </form>
    </AccountLayout>
  );
}
