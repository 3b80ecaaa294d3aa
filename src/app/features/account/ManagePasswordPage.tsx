// /dashboard/manage-password: set or change the password; other devices are signed out.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useErrorText } from '../../lib/errors';
import { NewPasswordFields, useNewPassword } from '../../components/NewPasswordFields';
import { AccountLayout } from './AccountLayout';
import { detailsQuery } from './queries';
import { useChangePassword } from './mutations';

export default function ManagePasswordPage() {
  const { t } = useTranslation();
  const { data: user } = useQuery(detailsQuery());
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const passwords = useNewPassword();
  const change = useChangePassword();
  const errorText = useErrorText();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const pw = passwords.read();
    if (!pw) return;
    setError(null);
    change.mutate(user?.hasPassword ? { currentPassword: current, ...pw } : pw, {
      onSuccess: () => {
        setCurrent('');
        passwords.setPassword('');
        passwords.setConfirm('');
      },
      onError: (err) => setError(errorText(err)),
    });
  }

  return (
    <AccountLayout title={t('account.links.managePassword')}>
      <form className="account__form" onSubmit={onSubmit} noValidate>
        <p className="account__note">{t(user?.hasPassword === false ? 'managePassword.setIntro' : 'managePassword.intro')}</p>
        {user?.hasPassword && (
          <Field
            label={t('managePassword.current')}
            type="password"
            name="current-password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => {
              setCurrent(e.target.value);
              setError(null);
            }}
          />
        )}
        <NewPasswordFields state={passwords} labels={{ password: t('managePassword.new'), confirm: t('signup.confirm') }} />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={!user || change.isPending}>
          {t('managePassword.submit')}
        </button>
      </form>
    </AccountLayout>
  );
}
