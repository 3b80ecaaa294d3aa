// The console's enquiries inbox: the enquiry form's and contact messages that belong
// to the institution (repositories/enquiries.ts says which), newest first, paged, by status; the
// librarian sets each one's status (new, answered, closed). Admins have the same over every
// enquiry, those of no institution too. Checked by console-guard on every call; changes audited.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Enquiry } from '../../../shared/schemas/console-inbox';
import { enquiryPage, setEnquiryStatus } from '../../repositories/enquiries';
import { HttpError } from '../../http-error';
import { adminOnly } from './console-guard';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const found = (enquiry: Enquiry | null) => {
    if (!enquiry) throw new HttpError(404, 'no_enquiry', 'There is no such enquiry.');
    return enquiry;
  };

  route(app, endpoints.consoleEnquiries, async (req) => enquiryPage(db, req.consoleInstitution.id, req.query));

  route(app, endpoints.consoleEnquiriesStatus, async (req) => {
    const inst = req.consoleInstitution;
    return found(await setEnquiryStatus(db, inst.id, req.params.enquiryId, req.body.status, req.signedInUser.id));
  });

  // Admins: every enquiry, whichever institution it belongs to or none.
  route(app, endpoints.consoleAllEnquiries, { ...adminOnly }, async (req) => enquiryPage(db, null, req.query));

  route(app, endpoints.consoleAllEnquiriesStatus, { ...adminOnly }, async (req) => {
    return found(await setEnquiryStatus(db, null, req.params.enquiryId, req.body.status, req.signedInUser.id));
  });
};
export default routes;
