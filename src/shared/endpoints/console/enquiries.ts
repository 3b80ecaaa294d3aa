// Enquiries: an institution's inbox, and all of them (admins).
import { get, post } from '../endpoint';
import { InstitutionParams } from '../../schemas/console';
import { AdminEnquiryParams, EnquiriesQuery, Enquiry, EnquiryPage, EnquiryParams, EnquiryStatusBody } from '../../schemas/console-inbox';
import { errors } from './errors';

export const consoleEnquiries = get('/api/console/institutions/:institutionId/enquiries', {
  params: InstitutionParams,
  query: EnquiriesQuery,
  reply: EnquiryPage,
  errors,
});
export const consoleEnquiriesStatus = post('/api/console/institutions/:institutionId/enquiries/:enquiryId/status', {
  params: EnquiryParams,
  body: EnquiryStatusBody,
  reply: Enquiry,
  errors,
});
export const consoleAllEnquiries = get('/api/console/enquiries', { query: EnquiriesQuery, reply: EnquiryPage, errors });
export const consoleAllEnquiriesStatus = post('/api/console/enquiries/:enquiryId/status', {
  params: AdminEnquiryParams,
  body: EnquiryStatusBody,
  reply: Enquiry,
  errors,
});
