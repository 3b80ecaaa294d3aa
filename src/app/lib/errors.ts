// Turns an API error into text for the reader in their language: spec §5 texts through the
// `validation` table, known error codes through `errors`, anything else as the server said it.
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH_DEFAULT, messageKey } from '../../shared/validation';
import { ApiError } from './api';

export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (err: unknown): string => {
    if (!(err instanceof ApiError)) return t('errors.generic');
    const key = messageKey(err.message);
    if (key) return t(`validation.${key}`, { n: OTP_LENGTH_DEFAULT });
    const byCode = `errors.${err.code}`;
    if (i18n.exists(byCode) && (i18n.language !== 'en' || err.code === 'network')) return t(byCode as 'errors.generic');
    return err.message;
  };
}

/** The message of spec §5 for a local check, translated. */
export function useValidationText() {
  const { t } = useTranslation();
  return (text: string | null | undefined, vars: Record<string, string | number> = {}) => {
    if (!text) return null;
    const key = messageKey(text);
    return key ? t(`validation.${key}`, vars) : text;
  };
}
