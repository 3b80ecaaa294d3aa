// The sign-in's data: the institutions that sign in through their own system.
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { ssoInstitutions } from '../../../shared/endpoints/account';

export const ssoInstitutionsQuery = () =>
  queryOptions({
    queryKey: ['sso-institutions'],
    queryFn: ({ signal }) => callApi(ssoInstitutions, {}, signal),
  });
