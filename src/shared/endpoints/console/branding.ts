// Branding: the institution's name as shown and its logo.
import { get, post } from '../endpoint';
import { InstitutionParams } from '../../schemas/console';
import { BrandingNameBody, ConsoleBranding } from '../../schemas/console-access';
import { brandingErrors } from './errors';

export const consoleBranding = get('/api/console/institutions/:institutionId/branding', {
  params: InstitutionParams,
  reply: ConsoleBranding,
  errors: brandingErrors,
});
export const consoleBrandingSave = post('/api/console/institutions/:institutionId/branding', {
  params: InstitutionParams,
  body: BrandingNameBody,
  reply: ConsoleBranding,
  errors: brandingErrors,
});
export const consoleBrandingLogo = post('/api/console/institutions/:institutionId/branding/logo', {
  params: InstitutionParams,
  reply: ConsoleBranding,
  errors: brandingErrors,
});
