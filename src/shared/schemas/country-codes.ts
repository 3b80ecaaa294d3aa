// Country calling codes for the mobile number fields (spec §3 "country codes for contact":
// mobileCode, flag, store_id), answered by GET /content/getCountryCodes.
import { z } from 'zod';

export const CountryCode = z.object({
  /** ISO 3166-1 alpha-2 code, e.g. IN. */
  iso: z.string(),
  /** The dialling code with its plus, e.g. +91. */
  mobileCode: z.string(),
  /** The flag emoji. */
  flag: z.string(),
  name: z.string(),
  name_hi: z.string(),
  /** The store whose titles readers in this country see (the default store where none is theirs). */
  store_id: z.number().int(),
});
export type CountryCode = z.infer<typeof CountryCode>;
export const CountryCodesResponse = z.object({ countries: z.array(CountryCode) });
export type CountryCodesResponse = z.infer<typeof CountryCodesResponse>;

/** A flag emoji is the ISO code's two letters as regional indicator symbols. */
export const flagOf = (iso: string) => String.fromCodePoint(...[...iso.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
