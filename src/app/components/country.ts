// The country a mobile number field starts with, apart from the picker (a chunk of its own) and
// the slot that lazily loads it, so neither imports the other.
import type { CountryCode } from '../../shared/schemas/country-codes';

/** The country everyone starts with (spec §9 store 1 is India). */
export const DEFAULT_COUNTRY = { iso: 'IN', mobileCode: '+91', flag: '🇮🇳' } as const;
export type PickedCountry = Pick<CountryCode, 'iso' | 'mobileCode' | 'flag'>;
