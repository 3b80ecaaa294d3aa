// Home data: one request for every section (GET /content/home).
import { queryOptions } from '@tanstack/react-query';
import type { HomeResponse } from '../../../shared/schemas/content';
import { contentGet } from '../../lib/api';
import { session } from '../../lib/session';
import { ageRateToSend, filterAgeRate } from '../../lib/ageRating';

export const homeKeys = {
  all: ['home'] as const,
  forLibrary: (libraryId: string, ageRate: number) => [...homeKeys.all, libraryId, ageRate] as const,
};

export function homeQuery() {
  const libraryId = session.libraryId();
  const ageRate = filterAgeRate();
  return queryOptions({
    queryKey: homeKeys.forLibrary(libraryId, ageRate),
    queryFn: ({ signal }) => contentGet<HomeResponse>('/content/home', { edzLibId: libraryId, age_rate: ageRateToSend(ageRate) }, signal),
    staleTime: 60_000,
  });
}
