// The contact-us / institution enquiry form (spec §3 fields, spec §5 messages).
import { z } from 'zod';
import { MESSAGES } from '../validation';
import { CountryCode, CountryIso, Email, Mobile } from './account';
import { withValidMobile } from './phone';
import { line, text as paragraphs } from './fields';

const required = (field: string) => MESSAGES.fieldRequired.replace('{Field}', field);
const text = (field: string, max: number, multiline = false) =>
  (multiline ? paragraphs : line)({ error: required(field) })
    .min(1, required(field))
    .max(max);

export const CAMPUS_OPTIONS = ['1', '2-5', '6-10', '11+'] as const;
export const STUDENT_OPTIONS = ['<1000', '1000-5000', '5000-20000', '20000+'] as const;

const EnquiryFields = z.object({
  userName: text('Name', 120),
  emailId: Email,
  Message: text('Message', 4000, true),
  institutionName: text('Institution Name', 200),
  desigination: text('Desigination', 120),
  mobile: line({ error: required('Mobile number') })
    .min(1, required('Mobile number'))
    .pipe(Mobile),
  /** The picker's dialling code and country (the number is checked against its plan). */
  countryCode: CountryCode,
  country: CountryIso,
  campuses: z.enum(CAMPUS_OPTIONS, { error: MESSAGES.campusRequired }),
  students: z.enum(STUDENT_OPTIONS, { error: MESSAGES.studentsRequired }),
});
export const ContactBody = withValidMobile(EnquiryFields);
export type ContactBody = z.infer<typeof ContactBody>;

/** A reader's own question (not an institution enquiry): name, e-mail and message only. */
export const QuestionBody = EnquiryFields.pick({ userName: true, emailId: true, Message: true });
export type QuestionBody = z.infer<typeof QuestionBody>;
/** What is kept and mailed: a question, or a question with the institution's details. */
export type Enquiry = QuestionBody & Partial<ContactBody>;

/** The enquiry's mobile number as kept and mailed: "+91 9876501234". */
export const enquiryMobile = (b: Enquiry) => (b.mobile ? `${b.countryCode ?? ''} ${b.mobile}`.trim() : null);
