// Institution settings (admins): a new institution, its settings, SSO and SAML, its librarians.
import { get, post } from '../endpoint';
import { InstitutionParams } from '../../schemas/console';
import {
  CreateInstitutionBody,
  InstitutionSettings,
  InstitutionSettingsBody,
  LibrarianBody,
  Librarians,
  SamlBody,
  SsoBody,
} from '../../schemas/console-admin';
import { errors } from './errors';

export const consoleInstitutions = post('/api/console/institutions', { body: CreateInstitutionBody, reply: InstitutionSettings, errors });
export const consoleSettings = get('/api/console/institutions/:institutionId/settings', {
  params: InstitutionParams,
  reply: InstitutionSettings,
  errors,
});
export const consoleSettingsSave = post('/api/console/institutions/:institutionId/settings', {
  params: InstitutionParams,
  body: InstitutionSettingsBody,
  reply: InstitutionSettings,
  errors,
});
export const consoleSso = post('/api/console/institutions/:institutionId/sso', {
  params: InstitutionParams,
  body: SsoBody,
  reply: InstitutionSettings,
  errors,
});
export const consoleSsoOff = post('/api/console/institutions/:institutionId/sso/off', {
  params: InstitutionParams,
  reply: InstitutionSettings,
  errors,
});
export const consoleSaml = post('/api/console/institutions/:institutionId/saml', {
  params: InstitutionParams,
  body: SamlBody,
  reply: InstitutionSettings,
  errors,
});
export const consoleSamlOff = post('/api/console/institutions/:institutionId/saml/off', {
  params: InstitutionParams,
  reply: InstitutionSettings,
  errors,
});
export const consoleLibrarians = get('/api/console/institutions/:institutionId/librarians', {
  params: InstitutionParams,
  reply: Librarians,
  errors,
});
export const consoleLibrariansAdd = post('/api/console/institutions/:institutionId/librarians', {
  params: InstitutionParams,
  body: LibrarianBody,
  reply: Librarians,
  errors,
});
export const consoleLibrariansRemove = post('/api/console/institutions/:institutionId/librarians/remove', {
  params: InstitutionParams,
  body: LibrarianBody,
  reply: Librarians,
  errors,
});
