// Access: the institution's ways in (its access settings) and its access codes.
import { get, post } from '../endpoint';
import { CsvText, InstitutionParams } from '../../schemas/console';
import { AccessCodeRow, CodeParams, ConsoleAccess, CreateCodesBody, CreatedCodes } from '../../schemas/console-access';
import { errors } from './errors';

export const consoleAccess = get('/api/console/institutions/:institutionId/access', {
  params: InstitutionParams,
  reply: ConsoleAccess,
  errors,
});
export const consoleAccessCodes = post('/api/console/institutions/:institutionId/access/codes', {
  params: InstitutionParams,
  body: CreateCodesBody,
  reply: CreatedCodes,
  errors,
});
export const consoleAccessCodesDisable = post('/api/console/institutions/:institutionId/access/codes/:codeId/disable', {
  params: CodeParams,
  reply: AccessCodeRow,
  errors,
});
export const consoleAccessCodesCsv = get('/api/console/institutions/:institutionId/access/codes.csv', {
  params: InstitutionParams,
  reply: CsvText,
  errors,
});
