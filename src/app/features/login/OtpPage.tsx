// /login/verify/emailotp and /login/verify/mobileotp: enter the code that was sent; a new reader
// continues to the name step, others to reading.
import type { FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { useLocalePath } from '../../components/useLocalePath';
import { contactLabel, useFinishSignIn, verifyCode } from './flow';
import { CodeField, ResendCode, useCodeStep } from './CodeEntry';
import { appPaths } from '../../../shared/app-paths';

export default function OtpPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const step = useCodeStep('login');
  const finish = useFinishSignIn();
  const { flow } = step;
  if (!flow) return <Navigate to={to(appPaths.login)} replace />;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (step.codeReady()) void step.run(async () => finish(await verifyCode(flow!.requestId!, step.code), flow!.contact.channel));
  }

  return (
    <AuthCard
      title={t('otp.title')}
      lede={
        <>
          {t('otp.sentTo')} <strong data-testid="otp-contact">{contactLabel(flow.contact)}</strong>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="auth-form">
        <CodeField length={step.length} value={step.code} onChange={step.setCode} error={step.error} />
        <button type="submit" className="button button--wide" disabled={step.busy}>
          {t('otp.verify')}
        </button>
      </form>
      <ResendCode sentAt={flow.sentAt ?? 0} resendIn={flow.resendIn ?? 30} onResend={step.resend} busy={step.busy} />
      <div className="auth-links">
        <Link to={to(appPaths.loginPassword)}>{t('login.usePassword')}</Link>
        <Link to={to(flow.contact.channel === 'email' ? appPaths.loginEmail : appPaths.login)}>
          {t(flow.contact.channel === 'email' ? 'otp.changeEmail' : 'otp.changeMobile')}
        </Link>
      </div>
    </AuthCard>
  );
}
