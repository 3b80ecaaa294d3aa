// /login/code: sign in with a code made on another device where the reader is signed in (spec §7
// gencode; the code is made in My Account, account/DeviceCode.tsx).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { Field } from '../../components/Field';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText } from '../../lib/errors';
import { DeviceCodeBody } from '../../../shared/device-code';
import { useDeviceCodeSignIn } from './mutations';
import { appPaths } from '../../../shared/app-paths';

export default function DeviceCodePage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const errorText = useErrorText();
  const signIn = useDeviceCodeSignIn();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const error = invalid ?? (signIn.isError ? errorText(signIn.error) : null);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = DeviceCodeBody.safeParse({ code });
    if (!checked.success) return setInvalid(checked.error.issues[0].message);
    signIn.mutate(checked.data);
  }

  return (
    <AuthCard title={t('deviceCode.signInTitle')} lede={t('deviceCode.signInLede')}>
      <form onSubmit={onSubmit} noValidate className="auth-form">
        <Field
          label={t('deviceCode.label')}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('deviceCode.placeholder')}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setInvalid(null);
            signIn.reset();
          }}
          error={error}
        />
        <button
          type="submit"
          className="button button--wide"
          disabled={signIn.isPending || signIn.isSuccess}
          data-testid="device-code-sign-in"
        >
          {t('deviceCode.signIn')}
        </button>
      </form>
      <div className="auth-links">
        <Link to={to(appPaths.login)}>{t('password.useCode')}</Link>
      </div>
    </AuthCard>
  );
}
