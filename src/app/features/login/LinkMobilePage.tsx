// /login/linkmobile: add (or change) the account's mobile number, proved by a code by SMS.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { showToast } from '../../components/Toast';
import { useLocalePath } from '../../components/useLocalePath';
import { apiPost } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { saveUser } from '../../lib/session';
import { UserInfo } from '../../../shared/schemas/account';
import { ContactInput, useContactInput } from './ContactInput';
import { CodeField, ResendCode } from './CodeEntry';
import { contactLabel, sendCode, type SignInFlow } from './flow';
import { accountKeys } from '../account/queries';

export default function LinkMobilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const client = useQueryClient();
  const contact = useContactInput(null, ['mobile']);
  const [flow, setFlow] = useState<SignInFlow | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorText = useErrorText();

  async function run(step: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const send = (e?: FormEvent) => {
    e?.preventDefault();
    const c = flow?.contact ?? contact.read();
    if (c) void run(async () => setFlow(await sendCode({ contact: c, purpose: 'link' })));
  };

  const verify = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const info = await apiPost('/api/account/link', UserInfo, { requestId: flow!.requestId, code });
      saveUser(info);
      client.setQueryData(accountKeys.details(), info);
      showToast(t('toasts.updated'));
      navigate(to('/dashboard/myAccount'), { replace: true });
    });
  };

  if (!flow) {
    return (
      <AuthCard title={t('linkMobile.title')} lede={t('linkMobile.lede')}>
        <form onSubmit={send} noValidate className="auth-form">
          <ContactInput state={contact} />
          {error && <p className="form-error" role="alert">{error}</p>}
          <button type="submit" className="button button--wide" disabled={busy}>{t('login.sendCode')}</button>
        </form>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('otp.title')} lede={<>{t('otp.sentTo')} <strong>{contactLabel(flow.contact)}</strong></>}>
      <form onSubmit={verify} noValidate className="auth-form">
        <CodeField length={flow.length ?? 4} value={code} onChange={setCode} error={error} />
        <button type="submit" className="button button--wide" disabled={busy || code.length !== flow.length}>{t('otp.verify')}</button>
      </form>
      <ResendCode sentAt={flow.sentAt ?? 0} resendIn={flow.resendIn ?? 30} onResend={() => send()} busy={busy} />
    </AuthCard>
  );
}
