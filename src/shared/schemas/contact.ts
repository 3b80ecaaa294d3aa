// The contact-us / institution enquiry form (spec §3 fields, spec §5 messages).
import { z } from 'zod';
import { MESSAGES } from '../validation';
import { CountryCode, CountryIso, Email, Mobile } from './account';
import { withValidMobile } from './phone';
import { INT4_MAX, line, text as paragraphs } from './fields';

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
  /** The institution picked from those Lectern serves (GET /api/institutions), when the name is
   * one of them: its enquiry reaches that institution's console by this id, never by the name. */
  institutionId: z.number().int().positive().max(INT4_MAX).optional(),
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

/** A name as institution names are compared (unique without case, spaces or accents; the SQL
 * function institution_name_key): the form picks the institution a typed name is. */
export const institutionNameKey = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '');
