// The access area's data: the institutions a reader can ask for access (the ID upload's list).
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { institutions } from '../../../shared/endpoints/account';

export const accessKeys = {
  institutions: () => ['institutions'] as const,
};

export const institutionsQuery = () =>
  queryOptions({
    queryKey: accessKeys.institutions(),
    queryFn: ({ signal }) => callApi(institutions, {}, signal),
  });
