// /login/forgot-password (spec §2 forgot-password screen): the code sent to the contact, a new
// password and its confirmation; success signs the reader in.
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText } from '../../lib/errors';
import { contactLabel, readFlow, sendCode, useFinishSignIn, verifyCode, type SignInFlow } from './flow';
import { CodeField, ResendCode } from './CodeEntry';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [flow, setFlow] = useState<SignInFlow | null>(readFlow);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwords = useNewPassword();
  const errorText = useErrorText();
  const finish = useFinishSignIn();
  if (!flow?.requestId || flow.purpose !== 'reset') return <Navigate to={to('/login/verify/password')} replace />;
  const length = flow.length ?? 4;
  const contact = contactLabel(flow.contact);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (code.length !== length) return setError(`${t('validation.otpInvalid', { n: length })} ${contact}`);
    const pw = passwords.read();
    if (!pw) return;
    setBusy(true);
    setError(null);
    try {
      finish(await verifyCode(flow!.requestId!, code, pw), 'password');
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    try {
      setFlow(await sendCode(flow!));
    } catch {
      setError(t('forgot.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('forgot.title')} lede={t('forgot.enterOtp', { contact })}>
      <form onSubmit={onSubmit} noValidate className="auth-form">
        <CodeField length={length} value={code} onChange={(v) => { setCode(v); setError(null); }} error={error} />
        <NewPasswordFields state={passwords} />
        <button type="submit" className="button button--wide" disabled={busy}>{t('otp.verify')}</button>
      </form>
      <ResendCode sentAt={flow.sentAt ?? 0} resendIn={flow.resendIn ?? 30} onResend={resend} busy={busy} />
    </AuthCard>
  );
}
