// IP ranges: the campus networks, added by librarians and approved by admins.
import { get, post } from '../endpoint';
import { InstitutionParams } from '../../schemas/console';
import { IpRangeBody, IpRangeParams, IpRanges } from '../../schemas/ip-access';
import { errors } from './errors';

export const consoleIpRanges = get('/api/console/institutions/:institutionId/ip-ranges', {
  params: InstitutionParams,
  reply: IpRanges,
  errors,
});
export const consoleIpRangesAdd = post('/api/console/institutions/:institutionId/ip-ranges', {
  params: InstitutionParams,
  body: IpRangeBody,
  reply: IpRanges,
  errors,
});
export const consoleIpRangesApprove = post('/api/console/institutions/:institutionId/ip-ranges/:rangeId/approve', {
  params: IpRangeParams,
  reply: IpRanges,
  errors,
});
export const consoleIpRangesRemove = post('/api/console/institutions/:institutionId/ip-ranges/:rangeId/remove', {
  params: IpRangeParams,
  reply: IpRanges,
  errors,
});
