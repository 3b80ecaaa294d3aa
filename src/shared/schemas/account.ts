// The accounts contract (/api/...): sign-in, sign-up, guests, access codes, the user's own
// details. The server validates with these, the app's forms and API client parse with them.
import { z } from 'zod';
import { INT4_MAX, line, raw } from './fields';
import { EMAIL_PATTERN, MESSAGES, MOBILE_MAX_DIGITS, MOBILE_MIN_DIGITS, PASSWORD_MAX, PASSWORD_MIN, passwordLength } from '../validation';
import { ConsoleRoleName } from './console';

export const Email = line({ error: MESSAGES.emailRequired })
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid)
  .transform((e) => e.toLowerCase());

/** Digits only, the country code separate (e.g. "+91"). */
export const Mobile = line({ error: MESSAGES.mobileInvalid })
  .regex(/^\d*$/, MESSAGES.mobileNumeric)
  .min(MOBILE_MIN_DIGITS, MESSAGES.mobileInvalid)
  .max(MOBILE_MAX_DIGITS, MESSAGES.mobileInvalid);
export const CountryCode = line()
  .regex(/^\+\d{1,4}$/, MESSAGES.mobileInvalid)
  .default('+91');
/** The country chosen in the picker (ISO, e.g. IN): the number is checked against its plan
 * (schemas/phone.ts). Optional: +91 alone is checked against every country dialled with it. */
export const CountryIso = line()
  .regex(/^[A-Z]{2}$/, MESSAGES.mobileInvalid)
  .optional();

/** A new password: PASSWORD_MIN to PASSWORD_MAX characters as the reader counts them. A password
 * made before these bounds still signs in (PasswordLoginBody takes any). */
export const Password = raw({ error: MESSAGES.passwordInvalid })
  .min(1, MESSAGES.passwordInvalid)
  .refine((p) => p === '' || passwordLength(p) >= PASSWORD_MIN, MESSAGES.passwordShort)
  .refine((p) => passwordLength(p) <= PASSWORD_MAX, MESSAGES.passwordLong)
  .max(PASSWORD_MAX * 2, MESSAGES.passwordLong); // no code point takes more than two UTF-16 units
const Confirm = raw({ error: MESSAGES.confirmInvalid })
  .refine((p) => passwordLength(p) >= PASSWORD_MIN && passwordLength(p) <= PASSWORD_MAX, MESSAGES.confirmInvalid)
  .max(PASSWORD_MAX * 2, MESSAGES.confirmInvalid);

/** A new password and its confirmation, which must match. */
export const NewPassword = z
  .object({ password: Password, confirmPassword: Confirm })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsDiffer, path: ['confirmPassword'] });

const FullName = line({ error: MESSAGES.fullNameEmpty }).min(1, MESSAGES.fullNameEmpty).max(120);

/** Who a code goes to: an e-mail address, or a mobile number with its country code. */
export const Contact = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('email'), email: Email }),
  z.object({ channel: z.literal('mobile'), mobile: Mobile, countryCode: CountryCode, country: CountryIso }),
]);
export type Contact = z.infer<typeof Contact>;

export const OtpPurpose = z.enum(['login', 'reset', 'link']);
export type OtpPurpose = z.infer<typeof OtpPurpose>;

export const OtpSendBody = z.intersection(Contact, z.object({ purpose: OtpPurpose.default('login') }));
export const OtpSendReply = z.object({
  status: z.literal(1),
  requestId: z.uuid(),
  /** Digits in the code (OTP_LENGTH). */
  length: z.number().int(),
  expiresIn: z.number().int(),
  resendIn: z.number().int(),
  /** Spec §5: for an e-mail address, the address as the server validated it (trimmed, lower
   * case), base64-encoded; the code screen shows it. Absent for a mobile number. */
  email: z.base64().optional(),
});

const OtpCode = line().regex(/^\d+$/, 'Please enter the OTP');

export const OtpVerifyBody = z.object({
  requestId: z.uuid(),
  code: OtpCode,
  /** With purpose 'reset': the new password and its confirmation. */
  password: raw().max(200).optional(),
  confirmPassword: raw().max(200).optional(),
});

/** Completes a 'link' code (POST /api/account/link). */
export const AccountLinkBody = z.object({ requestId: z.uuid(), code: OtpCode });

export const PasswordLoginBody = z.intersection(Contact, z.object({ password: raw().min(1, MESSAGES.passwordInvalid).max(200) }));

export const SignupBody = z.intersection(z.object({ fullName: FullName }), NewPassword);
export const ChangePasswordBody = z.intersection(z.object({ currentPassword: raw().max(200).optional() }), NewPassword);
export const ProfileBody = z.object({ fullName: line().min(1, MESSAGES.nameEmpty).max(120) });

/** GET /api/sso/start: an institution by id or org code, and where to go back to afterwards (a
 * path on this site; anything else goes home). */
export const SsoStartQuery = z.object({
  org: line()
    .min(1)
    .max(64)
    .refine((v) => !/^\d+$/.test(v) || Number(v) <= INT4_MAX, 'org is not a known institution'),
  returnTo: line()
    .regex(/^\/(?!\/)\S*$/)
    .max(300)
    .catch('/')
    .optional(),
});
export const SsoCompleteBody = z.object({ search: line().max(4000) });
/** POST /api/sso/link: link the signed-in reader's account to an institution's sign-in. */
export const SsoLinkBody = SsoStartQuery.pick({ returnTo: true }).extend({
  institutionId: z.number().int().positive().max(INT4_MAX),
});
/** GET /api/sso/account: the reader's institution sign-ins, linked and linkable. */
export const SsoLinks = z.object({
  linked: z.array(z.object({ institution: z.string(), linkedAt: z.string() })),
  canLink: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SsoLinks = z.infer<typeof SsoLinks>;
/** The unsubscribe link's signed token. */
export const UnsubscribeBody = z.object({ t: line().max(600) });

export const EmailPreferences = z.object({
  newIssues: z.boolean(),
  recommendations: z.boolean(),
  productNews: z.boolean(),
});
export type EmailPreferences = z.infer<typeof EmailPreferences>;

export const GuestLoginBody = z.object({ uniqId: line().regex(/^[A-Za-z0-9_-]{16,64}$/, 'uniqId is not valid'), os: z.literal('web') });
export const CouponBody = z.object({ code: line().min(1, 'Please enter an access code').max(64) });

const Flag = z.union([z.literal(0), z.literal(1)]);
export { LibraryDetails } from './library-details';
import { LibraryDetails } from './library-details';

/** The user as spec §3 describes the login response and the stored user details. */
export const UserInfo = z.object({
  status: z.literal(1),
  uid: z.string(),
  uuid: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  usertype: z.enum(['user', 'guest']),
  libid: z.number().int(),
  libName: z.string(),
  /** End of access in seconds since the epoch; 0 when there is none. */
  enddate: z.number().int(),
  /** End of the paid personal plan running now, in seconds since the epoch; 0 when none runs. A
   * running plan lets the reader past the library guard (no library, or an expired one). */
  planEnds: z.number().int().default(0),
  isNewspaper: Flag,
  isJournal: Flag,
  isMycontent: Flag,
  isLibContentAvailable: Flag,
  fav_lud: z.number().int(),
  bk_lud: z.number().int(),
  uploadedID: Flag,
  agerate: z.string(),
  /** The institution's age rating, for the spec's ageRating cookie (0: no institution, the
   * visitor defaults apply; 8 or more: no limit). The server applies it whatever the cookie says. */
  ageRating: z.number().int(),
  hasPassword: z.boolean(),
  libraryDetails: LibraryDetails.nullable(),
  /** Spec §4 refresh modes: 3 = the name is missing (go to /update/fullName), 1 = go home. */
  mode: z.union([z.literal(1), z.literal(3)]),
  /** A librarian or admin of the library console (not in the spec); null for a reader. */
  consoleRole: ConsoleRoleName.nullable(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const LoginReply = UserInfo.extend({ jwtoken: z.string() });
export type LoginReply = z.infer<typeof LoginReply>;

export const OkReply = z.object({ status: z.literal(1), message: z.string() });

/** An accepted deletion request: when the account goes (seconds since the epoch). */
export const DeletionReply = z.object({ status: z.literal(1), deleteAfter: z.number().int() });

/** A call that takes no input: an empty JSON object, or no body at all. */
export const EmptyBody = z.object({}).optional();

/** Is the guest session behind this token still good? status 0 when not. */
export const GuestState = z.union([UserInfo, z.object({ status: z.literal(0) })]);

/** The institutions an ID can be uploaded to. */
export const UploadInstitutions = z.object({ institutions: z.array(z.object({ id: z.number(), name: z.string() })) });

/** The institutions that offer single sign-on. */
export const SsoInstitutions = z.object({
  institutions: z.array(z.object({ id: z.number(), name: z.string(), code: z.string().nullable() })),
});

/** Where the browser goes to link an institution's sign-in to this account. */
export const SsoLinkReply = z.object({ url: z.string() });

export const SsoCompleteReply = LoginReply.extend({ returnTo: z.string(), linked: z.boolean() });
