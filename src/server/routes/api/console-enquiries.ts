// The console's enquiries inbox: the enquiry form's and contact messages that belong
// to the institution (repositories/enquiries.ts says which), newest first, paged, by status; the
// librarian sets each one's status (new, answered, closed). Admins have the same over every
// enquiry, those of no institution too. Checked by console-guard on every call; changes audited.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstitutionParams } from '../../../shared/schemas/console';
import {
  AdminEnquiryParams,
  EnquiriesQuery,
  Enquiry,
  EnquiryPage,
  EnquiryParams,
  EnquiryStatusBody,
} from '../../../shared/schemas/console-inbox';
import { enquiryPage, setEnquiryStatus } from '../../repositories/enquiries';
import { HttpError } from '../../http-error';
import { adminOnly, consoleErrors as errors } from './console-guard';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const pageSchema = { querystring: EnquiriesQuery, response: { 200: EnquiryPage, ...errors } };
  const statusSchema = { body: EnquiryStatusBody, response: { 200: Enquiry, ...errors } };
  const found = (enquiry: Enquiry | null) => {
    if (!enquiry) throw new HttpError(404, 'no_enquiry', 'There is no such enquiry.');
    return enquiry;
  };

  app.get('/console/institutions/:institutionId/enquiries', { schema: { params: InstitutionParams, ...pageSchema } }, async (req) =>
    enquiryPage(db, req.consoleInstitution.id, req.query),
  );

  app.post(
    '/console/institutions/:institutionId/enquiries/:enquiryId/status',
    { schema: { params: EnquiryParams, ...statusSchema } },
    async (req) => {
      const inst = req.consoleInstitution;
      return found(await setEnquiryStatus(db, inst.id, req.params.enquiryId, req.body.status, req.signedInUser.id));
    },
  );

  // Admins: every enquiry, whichever institution it belongs to or none.
  app.get('/console/enquiries', { ...adminOnly, schema: pageSchema }, async (req) => enquiryPage(db, null, req.query));

  app.post(
    '/console/enquiries/:enquiryId/status',
    { ...adminOnly, schema: { params: AdminEnquiryParams, ...statusSchema } },
    async (req) => {
      return found(await setEnquiryStatus(db, null, req.params.enquiryId, req.body.status, req.signedInUser.id));
    },
  );
};
export default routes;
