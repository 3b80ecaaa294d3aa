// The dialling codes the mobile number fields offer (GET /content/getCountryCodes), kept a day.
import { queryOptions } from '@tanstack/react-query';
import { contentGet } from '../lib/api';

export const countryCodesQuery = () =>
  queryOptions({
    queryKey: ['country-codes'],
    queryFn: ({ signal }) => contentGet('/content/getCountryCodes', undefined, signal),
    staleTime: 24 * 60 * 60_000,
  });
