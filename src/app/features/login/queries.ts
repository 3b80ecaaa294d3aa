// The sign-in's data: the institutions that sign in through their own system.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../lib/api';

const SsoInstitutions = z.object({ institutions: z.array(z.object({ id: z.number(), name: z.string(), code: z.string().nullable() })) });
export const ssoInstitutionsQuery = () =>
  queryOptions({
    queryKey: ['sso-institutions'],
    queryFn: ({ signal }) => apiGet('/api/sso/institutions', SsoInstitutions, undefined, signal),
  });
