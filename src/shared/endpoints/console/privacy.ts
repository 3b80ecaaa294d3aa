// Privacy: what librarians see of their members, and how long reading events name them.
import { get, post } from '../endpoint';
import { InstitutionParams } from '../../schemas/console';
import { MemberPrivacy, MemberPrivacyBody } from '../../schemas/member-privacy';
import { errors } from './errors';

export const consolePrivacy = get('/api/console/institutions/:institutionId/privacy', {
  params: InstitutionParams,
  reply: MemberPrivacy,
  errors,
});
export const consolePrivacySave = post('/api/console/institutions/:institutionId/privacy', {
  params: InstitutionParams,
  body: MemberPrivacyBody,
  reply: MemberPrivacy,
  errors,
});
