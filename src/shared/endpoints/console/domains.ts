// E-mail domains: an institution's domains, their check, and the admins' review.
import { get, post } from '../endpoint';
import { InstitutionParams } from '../../schemas/console';
import { DomainBody, DomainReview, InstitutionDomains } from '../../schemas/console-access';
import { errors } from './errors';

export const consoleAccessDomains = post('/api/console/institutions/:institutionId/access/domains', {
  params: InstitutionParams,
  body: DomainBody,
  reply: InstitutionDomains,
  errors,
});
export const consoleAccessDomainsRemove = post('/api/console/institutions/:institutionId/access/domains/remove', {
  params: InstitutionParams,
  body: DomainBody,
  reply: InstitutionDomains,
  errors,
});
export const consoleAccessDomainsCheck = post('/api/console/institutions/:institutionId/access/domains/check', {
  params: InstitutionParams,
  body: DomainBody,
  reply: InstitutionDomains,
  errors,
});
export const consoleAccessDomainsApprove = post('/api/console/institutions/:institutionId/access/domains/approve', {
  params: InstitutionParams,
  body: DomainBody,
  reply: InstitutionDomains,
  errors,
});
export const consoleAccessDomainsRefuse = post('/api/console/institutions/:institutionId/access/domains/refuse', {
  params: InstitutionParams,
  body: DomainBody,
  reply: InstitutionDomains,
  errors,
});
export const consoleDomains = get('/api/console/domains', { reply: DomainReview, errors });
