// Home data: one request for every section (GET /content/home).
import { queryOptions } from '@tanstack/react-query';
import type { HomeResponse } from '../../../shared/schemas/content';
import { contentGet } from '../../lib/api';
import { COOKIE, getCookie, session } from '../../lib/session';
import { AGE_RATE_APPLY_BELOW, AGE_RATE_FILTER_DEFAULT } from '../../../shared/constants';

export const homeKeys = {
  all: ['home'] as const,
  forLibrary: (libraryId: string, ageRate: number) => [...homeKeys.all, libraryId, ageRate] as const,
};

/** Spec §5: a missing or zero ageRating counts as 5 here, and is sent only when below 8. */
export function filterAgeRate(): number {
  return Number(getCookie(COOKIE.ageRating) ?? 0) || AGE_RATE_FILTER_DEFAULT;
}

export function homeQuery() {
  const libraryId = session.libraryId();
  const ageRate = filterAgeRate();
  return queryOptions({
    queryKey: homeKeys.forLibrary(libraryId, ageRate),
    queryFn: ({ signal }) =>
      contentGet<HomeResponse>('/content/home', { edzLibId: libraryId, age_rate: ageRate < AGE_RATE_APPLY_BELOW ? ageRate : undefined }, signal),
    staleTime: 60_000,
  });
}
