// E-mail or mobile number, with the country code picker (spec §3: mobileCode, flag, store_id).
// Checks with the spec §5 rules before anything is sent.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useValidationText } from '../../lib/errors';
import { Contact } from '../../../shared/schemas/account';

export const COUNTRY_CODES = [
  { mobileCode: '+91', flag: '🇮🇳', store_id: 1, name: 'India' },
  { mobileCode: '+1', flag: '🇺🇸', store_id: 2, name: 'United States' },
  { mobileCode: '+44', flag: '🇬🇧', store_id: 3, name: 'United Kingdom' },
  { mobileCode: '+971', flag: '🇦🇪', store_id: 4, name: 'United Arab Emirates' },
  { mobileCode: '+65', flag: '🇸🇬', store_id: 5, name: 'Singapore' },
  { mobileCode: '+61', flag: '🇦🇺', store_id: 6, name: 'Australia' },
] as const;

/** Validates the typed value with the shared schema; returns the contact or the message to show. */
export function parseContact(channel: Contact['channel'], value: string, countryCode: string): Contact | string {
  const parsed = Contact.safeParse(channel === 'email' ? { channel, email: value } : { channel, mobile: value, countryCode });
  return parsed.success ? parsed.data : parsed.error.issues[0].message;
}

export function useContactInput(initial?: Contact | null, channels: Contact['channel'][] = ['email', 'mobile']) {
  const [channel, setChannel] = useState<Contact['channel']>(initial?.channel ?? channels[0]);
  const [value, setValue] = useState(initial ? (initial.channel === 'email' ? initial.email : initial.mobile) : '');
  const [countryCode, setCountryCode] = useState(initial?.channel === 'mobile' ? initial.countryCode : '+91');
  const [error, setError] = useState<string | null>(null);
  return {
    channel,
    value,
    countryCode,
    error,
    setError,
    channels,
    setChannel: (c: Contact['channel']) => {
      setChannel(c);
      setValue('');
      setError(null);
    },
    setValue: (v: string) => {
      setValue(v);
      setError(null);
    },
    setCountryCode,
    /** The contact, or null after showing why not. */
    read(): Contact | null {
      const parsed = parseContact(channel, value, countryCode);
      if (typeof parsed === 'string') {
        setError(parsed);
        return null;
      }
      return parsed;
    },
  };
}

export function ContactInput({ state }: { state: ReturnType<typeof useContactInput> }) {
  const { t } = useTranslation();
  const v = useValidationText();
  return (
    <>
      {state.channels.length > 1 && (
        <div className="segmented" role="group" aria-label={t('login.contactKind')}>
          {state.channels.map((c) => (
            <button key={c} type="button" aria-pressed={state.channel === c} onClick={() => state.setChannel(c)}>
              {t(c === 'email' ? 'login.useEmail' : 'login.useMobile')}
            </button>
          ))}
        </div>
      )}
      {state.channel === 'email' ? (
        <Field
          label={t('login.emailLabel')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('login.emailPlaceholder')}
          value={state.value}
          onChange={(e) => state.setValue(e.target.value)}
          error={v(state.error)}
        />
      ) : (
        <div className="field-row">
          <div className="field field--code">
            <label className="field__label" htmlFor="country-code">
              {t('login.countryCode')}
            </label>
            <select
              id="country-code"
              className="field__input"
              value={state.countryCode}
              onChange={(e) => state.setCountryCode(e.target.value)}
            >
              {COUNTRY_CODES.map((c) => (
                <option key={c.mobileCode} value={c.mobileCode}>
                  {c.flag} {c.mobileCode}
                </option>
              ))}
            </select>
          </div>
          <Field
            label={t('login.mobileLabel')}
            type="tel"
            name="mobile"
            autoComplete="tel-national"
            inputMode="numeric"
            placeholder={t('login.mobilePlaceholder')}
            value={state.value}
            onChange={(e) => state.setValue(e.target.value)}
            error={v(state.error)}
          />
        </div>
      )}
    </>
  );
}
