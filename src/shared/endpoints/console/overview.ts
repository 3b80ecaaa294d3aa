// The console's start: who the caller is, and an institution's overview.
import { get } from '../endpoint';
import { ConsoleMe, ConsoleOverview, InstitutionParams } from '../../schemas/console';
import { errors } from './errors';

export const consoleMe = get('/api/console/me', { reply: ConsoleMe, errors });
export const consoleOverview = get('/api/console/institutions/:institutionId/overview', {
  params: InstitutionParams,
  reply: ConsoleOverview,
  errors,
});
