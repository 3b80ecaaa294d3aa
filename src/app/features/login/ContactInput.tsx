// E-mail or mobile number, with the country code picker (spec §3: mobileCode, flag, store_id;
// components/CountrySlot.tsx). Checks with the spec §5 rules, and the number against the chosen
// country's plan, before anything is sent. The plans load when the mobile field shows, and a
// mobile number's check waits for them.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useValidationText } from '../../lib/errors';
import type { Contact } from '../../../shared/schemas/account';
import { CheckedContact, loadPhonePlans } from '../../../shared/schemas/phone';
import { flagOf } from '../../../shared/schemas/country-codes';
import { CountrySlot, DEFAULT_COUNTRY, type PickedCountry } from '../../components/CountrySlot';

/** Validates the typed value with the shared schema; returns the contact or the message to show. */
export async function parseContact(channel: Contact['channel'], value: string, country: PickedCountry): Promise<Contact | string> {
  if (channel === 'mobile') await loadPhonePlans();
  const parsed = CheckedContact.safeParse(
    channel === 'email' ? { channel, email: value } : { channel, mobile: value, countryCode: country.mobileCode, country: country.iso },
  );
  return parsed.success ? parsed.data : parsed.error.issues[0].message;
}

export function useContactInput(initial?: Contact | null, channels: Contact['channel'][] = ['email', 'mobile']) {
  const [channel, setChannel] = useState<Contact['channel']>(initial?.channel ?? channels[0]);
  const [value, setValue] = useState(initial ? (initial.channel === 'email' ? initial.email : initial.mobile) : '');
  const [country, setCountry] = useState<PickedCountry>(() =>
    initial?.channel === 'mobile' && initial.country
      ? { iso: initial.country, mobileCode: initial.countryCode, flag: flagOf(initial.country) }
      : DEFAULT_COUNTRY,
  );
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  useEffect(() => {
    // (a failure shows at the check, which asks again)
    if (channel === 'mobile') loadPhonePlans().catch(() => undefined);
  }, [channel]);
  return {
    channel,
    value,
    country,
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
    setCountry: (c: PickedCountry) => {
      setCountry(c);
      setError(null);
    },
    /** The contact, or null after showing why not. */
    async read(): Promise<Contact | null> {
      // The plans could not be fetched (offline before they were kept): nothing is sent.
      const parsed = await parseContact(channel, value, country).catch(() => t('errors.network'));
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
          <CountrySlot value={state.country} onChange={state.setCountry} label={t('login.countryCode')} />
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
