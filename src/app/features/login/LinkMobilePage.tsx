// /login/linkmobile: add (or change) the account's mobile number, proved by a code by SMS.
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { showToast } from '../../components/Toast';
import { useLocalePath } from '../../components/useLocalePath';
import { callApi } from '../../lib/api';
import { saveUser } from '../../lib/session';
import { accountLink } from '../../../shared/endpoints/account';
import { accountKeys } from '../account/queries';
import { ContactInput, useContactInput } from './ContactInput';
import { CodeField, ResendCode, useCodeStep } from './CodeEntry';
import { contactLabel, sendCode } from './flow';
import { appPaths } from '../../../shared/app-paths';

export default function LinkMobilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const client = useQueryClient();
  const contact = useContactInput(null, ['mobile']);
  const step = useCodeStep('link', null);
  const { flow } = step;

  function send(e: FormEvent) {
    e.preventDefault();
    const c = contact.read();
    if (c) void step.run(async () => step.setFlow(await sendCode({ contact: c, purpose: 'link' })));
  }

  function verify(e: FormEvent) {
    e.preventDefault();
    if (!step.codeReady()) return;
    void step.run(async () => {
      const info = await callApi(accountLink, { body: { requestId: flow!.requestId ?? '', code: step.code } });
      saveUser(info);
      client.setQueryData(accountKeys.details(), info);
      showToast(t('toasts.updated'));
      await navigate(to(appPaths.myAccount), { replace: true });
    });
  }

  if (!flow) {
    return (
      <AuthCard title={t('linkMobile.title')} lede={t('linkMobile.lede')}>
        <form onSubmit={send} noValidate className="auth-form">
          <ContactInput state={contact} />
          {step.error && (
            <p className="form-error" role="alert">
              {step.error}
            </p>
          )}
          <button type="submit" className="button button--wide" disabled={step.busy}>
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
        <CodeField length={step.length} value={step.code} onChange={step.setCode} error={step.error} />
        <button type="submit" className="button button--wide" disabled={step.busy}>
          {t('otp.verify')}
        </button>
      </form>
      <ResendCode sentAt={flow.sentAt ?? 0} resendIn={flow.resendIn ?? 30} onResend={step.resend} busy={step.busy} />
    </AuthCard>
  );
}
