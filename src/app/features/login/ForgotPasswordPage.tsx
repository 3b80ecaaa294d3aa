// /login/forgot-password (spec §2 forgot-password screen): the code sent to the contact, a new
// password and its confirmation; success signs the reader in.
import type { FormEvent } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { useLocalePath } from '../../components/useLocalePath';
import { contactLabel, useFinishSignIn, verifyCode } from './flow';
import { CodeField, ResendCode, useCodeStep } from './CodeEntry';
import { NewPasswordFields, useNewPassword } from '../../components/NewPasswordFields';
import { appPaths } from '../../../shared/app-paths';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const step = useCodeStep('reset');
  const passwords = useNewPassword();
  const finish = useFinishSignIn();
  const { flow } = step;
  if (!flow) return <Navigate to={to(appPaths.loginPassword)} replace />;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!step.codeReady()) return;
    const pw = passwords.read();
    if (pw) void step.run(async () => finish(await verifyCode(flow!.requestId!, step.code, pw), 'password'));
  }

  return (
    <AuthCard title={t('forgot.title')} lede={t('forgot.enterOtp', { contact: contactLabel(flow.contact) })}>
      <form onSubmit={onSubmit} noValidate className="auth-form">
        <CodeField length={step.length} value={step.code} onChange={step.setCode} error={step.error} />
        <NewPasswordFields state={passwords} />
        <button type="submit" className="button button--wide" disabled={step.busy}>
          {t('otp.verify')}
        </button>
      </form>
      <ResendCode sentAt={flow.sentAt ?? 0} resendIn={flow.resendIn ?? 30} onResend={step.resend} busy={step.busy} />
    </AuthCard>
  );
}
