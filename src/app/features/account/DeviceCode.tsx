// Spec §7 gencode: a code to sign in on another device as this reader, without a password or an
// OTP there (good once, for ten minutes; the sign-in side is login/DeviceCodePage.tsx).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/errors';
import { useMakeDeviceCode } from './mutations';

export function DeviceCode() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const making = useMakeDeviceCode();
  // A failed attempt keeps the last code made on show (it still holds until its time).
  const [made, setMade] = useState<{ code: string; until: Date } | null>(null);
  const make = () => making.mutate(undefined, { onSuccess: setMade });

  const time = made?.until.toLocaleTimeString(i18n.language === 'hi' ? 'hi-IN' : 'en-GB', { hour: '2-digit', minute: '2-digit' });
  return (
    <section className="device-code" aria-labelledby="device-code-title">
      <h2 id="device-code-title" className="account__subtitle">
        {t('deviceCode.title')}
      </h2>
      <p>{t('deviceCode.lede')}</p>
      {made && (
        <p className="device-code__made" role="status">
          <strong className="device-code__code" data-testid="device-code">
            {made.code}
          </strong>{' '}
          {t('deviceCode.until', { time })}
        </p>
      )}
      {making.isError && (
        <p className="notice notice--error" role="alert">
          {errorText(making.error)}
        </p>
      )}
      <button type="button" className="button button--ghost" onClick={make} disabled={making.isPending} data-testid="make-device-code">
        {t(made ? 'deviceCode.again' : 'deviceCode.make')}
      </button>
    </section>
  );
}
