// Password and Confirm password with the spec §5 rules (3 to 15 characters, must match).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useValidationText } from '../../lib/errors';
import { MESSAGES, checkPassword } from '../../../shared/validation';

export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null }>({});
  return {
    password, confirm, errors,
    setPassword: (v: string) => { setPassword(v); setErrors({}); },
    setConfirm: (v: string) => { setConfirm(v); setErrors({}); },
    /** The passwords, or null after showing what is wrong. */
    read(): { password: string; confirmPassword: string } | null {
      const p = checkPassword(password);
      const c = checkPassword(confirm, true) ?? (password !== confirm ? MESSAGES.passwordsDiffer : null);
      setErrors({ password: p, confirm: p ? null : c });
      return p || c ? null : { password, confirmPassword: confirm };
    },
  };
}

export function NewPasswordFields({ state, labels }: { state: ReturnType<typeof useNewPassword>; labels?: { password: string; confirm: string } }) {
  const { t } = useTranslation();
  const v = useValidationText();
  return (
    <>
      <Field
        label={labels?.password ?? t('signup.password')} type="password" name="new-password" autoComplete="new-password" maxLength={40}
        value={state.password} onChange={(e) => state.setPassword(e.target.value)} error={v(state.errors.password)}
      />
      <Field
        label={labels?.confirm ?? t('signup.confirm')} type="password" name="confirm-password" autoComplete="new-password" maxLength={40}
        value={state.confirm} onChange={(e) => state.setConfirm(e.target.value)} error={v(state.errors.confirm)}
      />
    </>
  );
}
