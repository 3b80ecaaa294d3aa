// Home data: one request for every section (GET /content/home).
import { queryOptions } from '@tanstack/react-query';
import { contentGet } from '../../lib/api';
import type { ReaderScope } from '../../lib/scope';
import { ageRateToSend, filterAgeRate } from '../../lib/ageRating';

export const homeKeys = {
  all: ['home'] as const,
  forLibrary: (institutionId: string, ageRate: number) => [...homeKeys.all, institutionId, ageRate] as const,
};

export function homeQuery({ institutionId, ageRating }: ReaderScope) {
  const ageRate = filterAgeRate(ageRating);
  return queryOptions({
    queryKey: homeKeys.forLibrary(institutionId, ageRate),
    queryFn: ({ signal }) => contentGet('/content/home', { edzLibId: institutionId, age_rate: ageRateToSend(ageRate) }, signal),
    staleTime: 60_000,
  });
}
