// The code box, the 'Resend OTP in' countdown and 'Request Another OTP' (spec §2), and the
// state of a code step, shared by sign-in, forgot password and linking a mobile number.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useErrorText } from '../../lib/errors';
import type { OtpPurpose } from '../../../shared/schemas/account';
import { OTP_LENGTH_DEFAULT } from '../../../shared/validation';
import { contactLabel, readFlow, sendCode, type SignInFlow } from './flow';

/** The code step of a flow: the code typed, the error shown, busy while a call runs. `flow` is
 * null when there is no code of this purpose to enter (the page then sends the reader back). */
export function useCodeStep(purpose: OtpPurpose, initial: SignInFlow | null = readFlow()) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [flow, setFlow] = useState<SignInFlow | null>(initial);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = flow?.requestId && flow.purpose === purpose ? flow : null;
  const length = current?.length ?? OTP_LENGTH_DEFAULT;

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

  return {
    flow: current,
    code,
    error,
    busy,
    length,
    run,
    setFlow,
    setCode: (v: string) => {
      setCode(v);
      setError(null);
    },
    /** True when the code has the right length; otherwise shows the spec §5 message. */
    codeReady(): boolean {
      if (code.length === length) return true;
      setError(`${t('validation.otpInvalid', { n: length })} ${current ? contactLabel(current.contact) : ''}`.trim());
      return false;
    },
    resend: () =>
      run(async () => {
        setFlow(await sendCode(current!));
        setCode('');
      }),
  };
}

export function CodeField({
  length,
  value,
  onChange,
  error,
}: {
  length: number;
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('otp.label')}
      name="otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={length}
      className="field__input field__input--code"
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, length))}
    />
  );
}

/** Counts down from the last send; then offers another code. */
export function ResendCode({
  sentAt,
  resendIn,
  onResend,
  busy,
}: {
  sentAt: number;
  resendIn: number;
  onResend: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  // A new send (sentAt later than the last tick) counts from its full wait until the next tick.
  const seconds = Math.min(resendIn, Math.max(0, Math.ceil((sentAt + resendIn * 1000 - now) / 1000)));
  if (seconds > 0) {
    return (
      <p className="resend" data-testid="resend-countdown">
        {t('otp.resendIn')} <span className="resend__time">0:{String(seconds).padStart(2, '0')}</span>
      </p>
    );
  }
  return (
    <p className="resend">
      {t('otp.notReceived')}{' '}
      <button type="button" className="link-button" onClick={onResend} disabled={busy}>
        {t('otp.requestAnother')}
      </button>
    </p>
  );
}
