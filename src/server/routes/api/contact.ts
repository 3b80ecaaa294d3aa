// The contact-us / institution enquiry form: stored for the team, confirmed to the sender by
// mail, and limited per IP address so it cannot be used to send mail in bulk.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactBody } from '../../../shared/schemas/contact';
import { OkReply } from '../../../shared/schemas/account';
import { ApiError } from '../../../shared/schemas/errors';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import { LIMITS, clientIp, spend, type Check } from '../../services/rate-limit';
import { enquiryMails } from '../../services/messages';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post('/account/contact', { schema: { body: ContactBody, response: { 200: OkReply, 400: ApiError, 403: ApiError, 429: ApiError } } }, async (req) => {
    const { db } = app;
    const perIp: Check[] = [[LIMITS.contactPerIp, clientIp(req)]];
    await spend(db, perIp);
    const b = req.body;
    await db.query(
      `INSERT INTO enquiries (user_name, email, message, institution_name, designation, mobile, campuses, students) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [b.userName, b.emailId, b.Message, b.institutionName, b.desigination, b.mobile, b.campuses, b.students],
    );
    for (const mail of enquiryMails(b, SUPPORT_EMAIL, app.unsubscribeUrl(b.emailId))) {
      await app.mailer.send(mail).catch((err) => req.log.warn({ err }, 'enquiry mail failed'));
    }
    return { status: 1 as const, message: 'Thank you! We have your message and will reply within two working days.' };
  });
};
export default routes;
