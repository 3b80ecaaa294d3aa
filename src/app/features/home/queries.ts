// Home data: one request for every section (GET /content/home).
import { queryOptions } from '@tanstack/react-query';
import type { HomeResponse } from '../../../shared/schemas/content';
import { buildUrl, contentGet, replyOf } from '../../lib/api';
import { session } from '../../lib/session';
import { ageRateToSend, filterAgeRate } from '../../lib/ageRating';

export const homeKeys = {
  all: ['home'] as const,
  forLibrary: (libraryId: string, ageRate: number) => [...homeKeys.all, libraryId, ageRate] as const,
};

declare global {
  interface Window {
    /** The home request index.html's boot script sent before this code loaded. */
    homeBoot?: { url: string; sent: Promise<Response> };
  }
}

/** The boot script's request when it asked for the same URL, once; else a new request. */
function homeRequest(query: { edzLibId: string; age_rate: number | undefined }, signal: AbortSignal): Promise<HomeResponse> {
  const boot = window.homeBoot;
  window.homeBoot = undefined;
  if (boot && boot.url === buildUrl('/content/home', query)) return replyOf<HomeResponse>(boot.sent);
  return contentGet<HomeResponse>('/content/home', query, signal);
}

export function homeQuery() {
  const libraryId = session.libraryId();
  const ageRate = filterAgeRate();
  return queryOptions({
    queryKey: homeKeys.forLibrary(libraryId, ageRate),
    queryFn: ({ signal }) => homeRequest({ edzLibId: libraryId, age_rate: ageRateToSend(ageRate) }, signal),
    staleTime: 60_000,
  });
}
