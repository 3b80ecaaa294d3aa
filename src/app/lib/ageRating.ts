// Spec §5 age rating: a missing or zero ageRating cookie counts as 5 for listings and 9 for
// search and stories; the rating is sent (and applied) only when below 8.
import { AGE_RATE_APPLY_BELOW, AGE_RATE_FILTER_DEFAULT, AGE_RATE_SEARCH_DEFAULT } from '../../shared/constants';
import { COOKIE, getCookie } from './session';

const ageRating = (fallback: number) => Number(getCookie(COOKIE.ageRating) ?? 0) || fallback;
export const filterAgeRate = () => ageRating(AGE_RATE_FILTER_DEFAULT);
export const searchAgeRate = () => ageRating(AGE_RATE_SEARCH_DEFAULT);
export const ageRateToSend = (rate: number) => (rate < AGE_RATE_APPLY_BELOW ? rate : undefined);
