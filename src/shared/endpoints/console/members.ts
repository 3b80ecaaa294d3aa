// Members: the list, one member, CSV export, import and bulk changes.
import { get, post } from '../endpoint';
import { InstitutionParams } from '../../schemas/console';
import {
  Done,
  ExtendAccessBody,
  MemberDetail,
  MemberParams,
  MembersCsvQuery,
  MembersList,
  MembersQuery,
} from '../../schemas/console-members';
import { BulkBody, BulkResult, ImportBody, ImportPreview, ImportResult } from '../../schemas/member-import';
import { errors } from './errors';

export const consoleMembers = get('/api/console/institutions/:institutionId/members', {
  params: InstitutionParams,
  query: MembersQuery,
  reply: MembersList,
  errors,
});
export const consoleMembersCsv = get('/api/console/institutions/:institutionId/members.csv', {
  params: InstitutionParams,
  query: MembersCsvQuery,
  reply: null,
});
export const consoleMember = get('/api/console/institutions/:institutionId/members/:memberId', {
  params: MemberParams,
  reply: MemberDetail,
  errors,
});
export const consoleMembersImportPreview = post('/api/console/institutions/:institutionId/members/import/preview', {
  params: InstitutionParams,
  body: ImportBody,
  reply: ImportPreview,
  errors,
});
export const consoleMembersImport = post('/api/console/institutions/:institutionId/members/import', {
  params: InstitutionParams,
  body: ImportBody,
  reply: ImportResult,
  errors,
});
export const consoleMembersBulk = post('/api/console/institutions/:institutionId/members/bulk', {
  params: InstitutionParams,
  body: BulkBody,
  reply: BulkResult,
  errors,
});
export const consoleMembersRemove = post('/api/console/institutions/:institutionId/members/:memberId/remove', {
  params: MemberParams,
  reply: Done,
  errors,
});
export const consoleMembersExtend = post('/api/console/institutions/:institutionId/members/:memberId/extend', {
  params: MemberParams,
  body: ExtendAccessBody,
  reply: MemberDetail,
  errors,
});
