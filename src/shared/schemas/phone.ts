// Mobile numbers checked against the chosen country's plan for mobile numbers (libphonenumber's
// mobile metadata): +91 wants ten digits starting 6 to 9, +44 a UK mobile, and so on, not just 7 to
// 15 digits. Kept out of account.ts, which most screens import. The plans themselves (34 KB gzip,
// a long task to evaluate on a phone) load on demand: the server at its start, the app when a
// mobile number is typed or checked. A check made before they are loaded throws: a number is never
// let through unchecked.
import type { z } from 'zod';
import { MESSAGES } from '../validation';
import { Contact, OtpSendBody, PasswordLoginBody } from './account';

let plans: typeof import('./phone-plans') | undefined;

/** Loads the numbering plans (once); the checks below need them. */
export async function loadPhonePlans(): Promise<void> {
  plans ??= await import('./phone-plans');
}

/** Whether `mobile` (national digits) is a valid number under `countryCode` (+91), and, when the
 * country (ISO, IN) is named, a number of that country whose dialling code it is. */
export function validMobile(countryCode: string, mobile: string, country?: string): boolean {
  if (!plans) throw new Error('validMobile: the numbering plans are not loaded (await loadPhonePlans() first)');
  if (country) {
    if (!plans.isSupportedCountry(country) || `+${plans.getCountryCallingCode(country)}` !== countryCode) return false;
    return plans.isValidPhoneNumber(mobile, country);
  }
  return plans.isValidPhoneNumber(`${countryCode}${mobile}`);
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
