// The contact-us / institution enquiry form, and a reader's own question: stored and mailed in
// full to the team, acknowledged to the sender, and kept in the console's inbox of the
// institution it belongs to (repositories/enquiries.ts). The form takes any address, so the
// acknowledgement must not be a way to mail a stranger one's own words: only a signed-in reader
// writing from their own (proven) address sees their text echoed; anyone else gets a fixed text
// with nothing they wrote in it, not even the name. At most 3 acknowledgements go to one address
// a day, and one IP address sends at most 10 messages an hour.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { type Enquiry } from '../../../shared/schemas/contact';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import { LIMITS, clientIp, spend, spendOne } from '../../services/rate-limit';
import { enquiryMails } from '../../services/messages';
import { saveEnquiry } from '../../repositories/enquiries';
import { userInfo } from '../../repositories/users';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const THANKS = 'Thank you! We have your message and will reply within two working days.';

const routes: FastifyPluginAsyncZod = async (app) => {
  async function receive(req: FastifyRequest, b: Enquiry) {
    const { db } = app;
    await spend(db, [[LIMITS.contactPerIp, clientIp(req)]]);
    const user = await req.optionalUser();
    // A signed-in sender's institution gets it in its console when the form names none of its own.
    await saveEnquiry(db, b, user?.type === 'user' ? user.id : null);
    const to = b.emailId.toLowerCase();
    // An account's e-mail address is only ever set from a one-time code sent to it (or the SSO
    // provider's word): it is proven.
    const own = user?.type === 'user' && (await userInfo(db, user.id)).email?.toLowerCase() === to;
    const { team, sender } = enquiryMails(b, SUPPORT_EMAIL, app.unsubscribeUrl(to), own);
    const send = (mail: typeof team) => app.mailer.send(mail).catch((err) => req.log.warn({ err }, 'enquiry mail failed'));
    await send(team);
    if (await spendOne(db, [LIMITS.contactAckPerAddress, to])) await send(sender);
    return { status: 1 as const, message: THANKS };
  }

  route(app, endpoints.accountContact, (req) => receive(req, req.body));
  // A student's or staff member's own question: no institution details asked (same limits).
  route(app, endpoints.accountQuestion, (req) => receive(req, req.body));
};
export default routes;
