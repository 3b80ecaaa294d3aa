// The mail and SMS texts the service sends. Every mail carries an unsubscribe link that works
// without signing in (a signed token of the address, see plugins/accounts.ts).
import { PRODUCT_NAME } from '../../shared/constants';
import type { OtpPurpose } from '../../shared/schemas/account';
import { enquiryMobile, type Enquiry } from '../../shared/schemas/contact';
import type { Mail } from './mailer';

const PURPOSE_TEXT: Record<OtpPurpose, string> = {
  login: `to sign in to ${PRODUCT_NAME}`,
  reset: `to reset your ${PRODUCT_NAME} password`,
  link: `to add this address to your ${PRODUCT_NAME} account`,
};

export function otpText(code: string, purpose: OtpPurpose, minutes: number): string {
  return `${code} is your ${PRODUCT_NAME} one-time code ${PURPOSE_TEXT[purpose]}. It expires in ${minutes} minutes. Never share it.`;
}

function withFooter(to: string, subject: string, body: string, unsubscribeUrl: string): Mail {
  const text = `${body}\n\n--\n${PRODUCT_NAME}\nStop these e-mails: ${unsubscribeUrl}\n`;
  return { to, subject, text, headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` } };
}

export function otpMail(to: string, code: string, purpose: OtpPurpose, minutes: number, unsubscribeUrl: string): Mail {
  const body = `${otpText(code, purpose, minutes)}\n\nIf you did not ask for this code, you can ignore this e-mail: nothing changes without it.`;
  return withFooter(to, `${code} is your ${PRODUCT_NAME} code`, body, unsubscribeUrl);
}

/** The owner's notice of repeated failed sign-ins (services/owner-notice.ts). */
export function signInNoticeText(failures: number, from: string): string {
  return `${PRODUCT_NAME}: ${failures} wrong codes or passwords were tried on your account today, the latest from ${from}, and refused. Not you? Never share a code we send you, and set a password you use nowhere else.`;
}

export function signInNoticeMail(to: string, failures: number, from: string, unsubscribeUrl: string): Mail {
  const body = [
    `Someone tried to sign in to your ${PRODUCT_NAME} account: ${failures} wrong one-time codes or passwords within the last day, the latest from the network address ${from}. Every one was refused.`,
    `If this was you, there is nothing to do.`,
    `If it was not you: never share a code we send you, with anyone, even someone who says they are from ${PRODUCT_NAME} or your library. If you use a password, sign in and change it under My Account, Manage Password, to one you use nowhere else (a few words you remember make a good one); changing it signs out every other device.`,
    `We send this notice at most once a day.`,
  ].join('\n\n');
  return withFooter(to, `Someone tried to sign in to your ${PRODUCT_NAME} account`, body, unsubscribeUrl);
}

export function passwordChangedMail(to: string, unsubscribeUrl: string): Mail {
  const body = `The password of your ${PRODUCT_NAME} account was changed, and every other device was signed out.\n\nIf this was not you, sign in with a one-time code and set a new password.`;
  return withFooter(to, `Your ${PRODUCT_NAME} password was changed`, body, unsubscribeUrl);
}

export function deletionMail(to: string, when: Date, unsubscribeUrl: string): Mail {
  const date = when.toUTCString().slice(5, 16);
  const body = `We have your request to delete your ${PRODUCT_NAME} account. It and its data (reading history, favourites, preferences) will be removed on ${date}, within 30 days of your request.\n\nChanged your mind? Sign in before then and the request is cancelled.`;
  return withFooter(to, `Your ${PRODUCT_NAME} account will be deleted`, body, unsubscribeUrl);
}

/** The team's copy of an enquiry (everything) and the sender's acknowledgement. The form takes
 * any address, so the acknowledgement carries nothing the sender wrote (not even the name, which
 * could carry a message) unless `echo`: the signed-in reader's own, proven address. */
export function enquiryMails(b: Enquiry, team: string, unsubscribeUrl: string, echo: boolean): { team: Mail; sender: Mail } {
  const fields: [string, string | undefined][] = [
    ['Name', b.userName],
    ['E-mail', b.emailId],
    ['Mobile', enquiryMobile(b) ?? undefined],
    ['Institution', b.institutionName],
    ['Designation', b.desigination],
    ['Campuses', b.campuses],
    ['Students', b.students],
  ];
  const summary = `${fields
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n\n${b.Message}`;
  const thanks = `Thank you for writing to ${PRODUCT_NAME}. We will reply within two working days.`;
  const sender = echo
    ? withFooter(b.emailId, `We have your message, ${b.userName}`, `${thanks}\n\nWhat you sent:\n\n${summary}`, unsubscribeUrl)
    : withFooter(
        b.emailId,
        `We have your message to ${PRODUCT_NAME}`,
        `${thanks}\n\nIf you did not write to us, you can ignore this e-mail.`,
        unsubscribeUrl,
      );
  const from = b.institutionName ? `Enquiry from ${b.institutionName}` : `Question from a reader, ${b.userName}`;
  return { team: { to: team, subject: from.replace(/\s+/g, ' '), text: summary }, sender };
}

/** The reader's answer to their institution ID request (the librarian's reason when refused). */
export function idDecisionText(decision: { decision: 'approve' } | { decision: 'reject'; reason: string }, institution: string): string {
  return decision.decision === 'approve'
    ? `Good news: ${institution} has checked your ID. You can now read everything ${institution}'s ${PRODUCT_NAME} subscription opens. Sign in again if the app still says you have no access.`
    : `${institution} could not accept the ID you sent to ${PRODUCT_NAME}. The librarian wrote:\n\n${decision.reason}\n\nYou can send a clearer photo or PDF of your institution ID from the app.`;
}

export function idDecisionMail(
  to: string,
  decision: { decision: 'approve' } | { decision: 'reject'; reason: string },
  institution: string,
): Mail {
  const subject = decision.decision === 'approve' ? `Your ${PRODUCT_NAME} access is ready` : `Your ID for ${PRODUCT_NAME} was not accepted`;
  return { to, subject, text: `${idDecisionText(decision, institution)}\n\n--\n${PRODUCT_NAME}\n` };
}

/** A librarian's invitation: the institution gives the reader access; they sign in with this address. */
export function invitationMail(to: string, institution: string, signInUrl: string): Mail {
  return {
    to,
    subject: `${institution} invites you to read on ${PRODUCT_NAME}`,
    text: `${institution} has given you access to the magazines, newspapers and journals it subscribes to on ${PRODUCT_NAME}.\n\nSign in with this e-mail address (${to}): we send you a code, no password needed.\n${signInUrl}\n\n--\n${PRODUCT_NAME}\n`,
  };
}
