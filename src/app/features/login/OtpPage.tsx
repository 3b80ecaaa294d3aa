// /login/verify/emailotp and /login/verify/mobileotp: enter the code that was sent; a new reader
// continues to the name step, others to reading.
import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText } from '../../lib/errors';
import { contactLabel, readFlow, sendCode, useFinishSignIn, verifyCode, type SignInFlow } from './flow';
import { CodeField, ResendCode } from './CodeEntry';

export default function OtpPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [flow, setFlow] = useState<SignInFlow | null>(readFlow);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorText = useErrorText();
  const finish = useFinishSignIn();
  if (!flow?.requestId || flow.purpose !== 'login') return <Navigate to={to('/login')} replace />;
  const length = flow.length ?? 4;
  const contact = contactLabel(flow.contact);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (code.length !== length) return setError(`${t('validation.otpInvalid', { n: length })} ${contact}`);
    setBusy(true);
    setError(null);
    try {
      finish(await verifyCode(flow!.requestId!, code), flow!.contact.channel);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    setError(null);
    try {
      setFlow(await sendCode(flow!));
      setCode('');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('otp.title')} lede={<>{t('otp.sentTo')} <strong data-testid="otp-contact">{contact}</strong></>}>
      <form onSubmit={onSubmit} noValidate className="auth-form">
        <CodeField length={length} value={code} onChange={(v) => { setCode(v); setError(null); }} error={error} />
        <button type="submit" className="button button--wide" disabled={busy}>{t('otp.verify')}</button>
      </form>
      <ResendCode sentAt={flow.sentAt ?? 0} resendIn={flow.resendIn ?? 30} onResend={resend} busy={busy} />
      <div className="auth-links">
        <Link to={to('/login/verify/password')}>{t('login.usePassword')}</Link>
        <Link to={to(flow.contact.channel === 'email' ? '/login/email' : '/login')}>{t(flow.contact.channel === 'email' ? 'otp.changeEmail' : 'otp.changeMobile')}</Link>
      </div>
    </AuthCard>
  );
}
