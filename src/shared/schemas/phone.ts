// Mobile numbers checked against the chosen country's plan for mobile numbers (libphonenumber's
// mobile metadata): +91 wants ten digits starting 6 to 9, +44 a UK mobile, and so on, not just 7 to
// 15 digits. Kept out of account.ts, which most screens import: only the sign-in steps and the
// contact form load this.
import type { z } from 'zod';
import { getCountryCallingCode, isSupportedCountry, isValidPhoneNumber } from 'libphonenumber-js/mobile';
import { MESSAGES } from '../validation';
import { Contact, OtpSendBody, PasswordLoginBody } from './account';

/** Whether `mobile` (national digits) is a valid number under `countryCode` (+91), and, when the
 * country (ISO, IN) is named, a number of that country whose dialling code it is. */
export function validMobile(countryCode: string, mobile: string, country?: string): boolean {
  if (country) {
    if (!isSupportedCountry(country) || `+${getCountryCallingCode(country)}` !== countryCode) return false;
    return isValidPhoneNumber(mobile, country);
  }
  return isValidPhoneNumber(`${countryCode}${mobile}`);
}

/** Adds the spec's 'Enter a Valid Mobile Number' to a schema whose mobile number is not valid there. */
export const withValidMobile = <S extends z.ZodType<object>>(schema: S) =>
  schema.superRefine((value, ctx) => {
    const v = value as { mobile?: string; countryCode?: string; country?: string };
    if (v.mobile && v.countryCode && !validMobile(v.countryCode, v.mobile, v.country))
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: MESSAGES.mobileInvalid });
  });

export const CheckedContact = withValidMobile(Contact);
export const CheckedOtpSendBody = withValidMobile(OtpSendBody);
export const CheckedPasswordLoginBody = withValidMobile(PasswordLoginBody);
