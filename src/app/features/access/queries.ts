// The access area's data: the institutions a reader can ask for access (the ID upload's list).
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../lib/api';

const Institutions = z.object({ institutions: z.array(z.object({ id: z.number(), name: z.string() })) });

export const accessKeys = {
  institutions: () => ['institutions'] as const,
};

export const institutionsQuery = () =>
  queryOptions({
    queryKey: accessKeys.institutions(),
    queryFn: ({ signal }) => apiGet('/api/institutions', Institutions, undefined, signal),
  });
