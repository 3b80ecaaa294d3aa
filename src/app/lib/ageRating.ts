// Spec §5 age rating: a missing or zero rating counts as 5 for listings and 9 for search and
// stories; the rating is sent (and applied) only when below 8.
import { AGE_RATE_APPLY_BELOW, AGE_RATE_FILTER_DEFAULT, AGE_RATE_SEARCH_DEFAULT } from '../../shared/constants';

/** `rating` is the institution's as stored (0 when it has none). */
export const filterAgeRate = (rating: number) => rating || AGE_RATE_FILTER_DEFAULT;
export const searchAgeRate = (rating: number) => rating || AGE_RATE_SEARCH_DEFAULT;
export const ageRateToSend = (rate: number) => (rate < AGE_RATE_APPLY_BELOW ? rate : undefined);
