// /login/linkmobile: add (or change) the account's mobile number, proved by a code by SMS.
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText } from '../../lib/errors';
import { useLinkMobile, useSendCode } from './mutations';
import { ContactInput, useContactInput } from './ContactInput';
import { CodeField, ResendCode, useCodeStep } from './CodeEntry';
import { contactLabel } from './flow';
import { appPaths } from '../../../shared/app-paths';

export default function LinkMobilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const errorText = useErrorText();
  const sendCode = useSendCode();
  const link = useLinkMobile();
  const contact = useContactInput(null, ['mobile']);
  const step = useCodeStep('link', null);
  const { flow } = step;
  // A resend goes through the step; sending and linking through their mutations.
  const failed = sendCode.error ?? link.error;
  const error = step.error ?? (failed ? errorText(failed) : null);
  const busy = step.busy || sendCode.isPending || link.isPending || link.isSuccess;
  const setCode = (v: string) => {
    step.setCode(v);
    if (link.isError) link.reset();
  };
  const resend = () => {
    link.reset();
    return step.resend();
  };

  async function send(e: FormEvent) {
    e.preventDefault();
    const c = await contact.read();
    if (c) sendCode.mutate({ contact: c, purpose: 'link' }, { onSuccess: step.setFlow });
  }

  function verify(e: FormEvent) {
    e.preventDefault();
    if (!step.codeReady()) return;
    link.reset();
    link.mutate(
      { requestId: flow!.requestId, code: step.code },
      { onSuccess: () => void navigate(to(appPaths.myAccount), { replace: true }) },
    );
  }

  if (!flow) {
    return (
      <AuthCard title={t('linkMobile.title')} lede={t('linkMobile.lede')}>
        <form onSubmit={send} noValidate className="auth-form">
          <ContactInput state={contact} />
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button button--wide" disabled={busy}>
            {t('login.sendCode')}
          </button>
        </form>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('otp.title')}
      lede={
        <>
          {t('otp.sentTo')} <strong>{contactLabel(flow.contact)}</strong>
        </>
      }
    >
      <form onSubmit={verify} noValidate className="auth-form">
        <CodeField length={step.length} value={step.code} onChange={setCode} error={error} />
        <button type="submit" className="button button--wide" disabled={busy}>
          {t('otp.verify')}
        </button>
      </form>
      <ResendCode sentAt={flow.sentAt ?? 0} resendIn={flow.resendIn ?? 30} onResend={resend} busy={busy} />
    </AuthCard>
  );
}
