// The access-code prompt: attaches the reader (or, when nobody is signed in, a new guest
// session) to the code's institution until the code ends, and says through whom and until when.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useErrorText } from '../../lib/errors';
import { useRedeemAccessCode } from './mutations';

export function AccessCodeForm() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const redeem = useRedeemAccessCode();
  const errorText = useErrorText();
  const error = missing ? t('accessCode.required') : redeem.isError ? errorText(redeem.error) : null;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return setMissing(true);
    redeem.mutate(code.trim());
  }

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form" data-testid="access-code-form">
      <Field
        label={t('accessCode.label')}
        name="access-code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={t('accessCode.placeholder')}
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setMissing(false);
          redeem.reset();
        }}
        error={error}
      />
      <button type="submit" className="button button--wide" disabled={redeem.isPending || redeem.isSuccess}>
        {t('accessCode.submit')}
      </button>
    </form>
  );
}
