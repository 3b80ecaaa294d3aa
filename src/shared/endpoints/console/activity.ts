// Activity: the audit log of one institution, and of all (admins).
import { get } from '../endpoint';
import { InstitutionParams } from '../../schemas/console';
import { ActivityPage, ActivityQuery } from '../../schemas/console-admin';
import { errors } from './errors';

export const consoleActivity = get('/api/console/institutions/:institutionId/activity', {
  params: InstitutionParams,
  query: ActivityQuery,
  reply: ActivityPage,
  errors,
});
export const consoleAllActivity = get('/api/console/activity', { query: ActivityQuery, reply: ActivityPage, errors });
