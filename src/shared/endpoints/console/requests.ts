// ID requests: readers' uploaded IDs, approved or rejected.
import { get, post } from '../endpoint';
import { InstitutionParams } from '../../schemas/console';
import { IdRequestDecided, IdRequestList, IdRequestParams, RejectIdBody } from '../../schemas/console-members';
import { errors } from './errors';

export const consoleIdRequests = get('/api/console/institutions/:institutionId/id-requests', {
  params: InstitutionParams,
  reply: IdRequestList,
  errors,
});
export const consoleIdRequestsImage = get('/api/console/institutions/:institutionId/id-requests/:requestId/image', {
  params: IdRequestParams,
  reply: null,
});
export const consoleIdRequestsApprove = post('/api/console/institutions/:institutionId/id-requests/:requestId/approve', {
  params: IdRequestParams,
  reply: IdRequestDecided,
  errors,
});
export const consoleIdRequestsReject = post('/api/console/institutions/:institutionId/id-requests/:requestId/reject', {
  params: IdRequestParams,
  body: RejectIdBody,
  reply: IdRequestDecided,
  errors,
});
