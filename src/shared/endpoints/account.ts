// The reader's account: sign-in, the user's details and sessions, guests, access codes and IDs, SSO.
import { get, post } from './endpoint';
import { CheckedOtpSendBody, CheckedPasswordLoginBody } from '../schemas/phone';
import {
  AccountLinkBody,
  ChangePasswordBody,
  CouponBody,
  DeletionReply,
  EmailPreferences,
  EmptyBody,
  GuestLoginBody,
  GuestState,
  LoginReply,
  OkReply,
  OtpSendReply,
  OtpVerifyBody,
  ProfileBody,
  SignupBody,
  SsoCompleteBody,
  SsoCompleteReply,
  SsoInstitutions,
  SsoLinkBody,
  SsoLinkReply,
  SsoLinks,
  SsoStartQuery,
  UnsubscribeBody,
  UploadInstitutions,
  UserInfo,
} from '../schemas/account';
import { DeviceCodeBody, DeviceCodeReply } from '../device-code';
import { RefreshBody } from '../schemas/session-refresh';
import { EndSessionBody, ReaderSessions } from '../schemas/sessions';
import { ContactBody, QuestionBody } from '../schemas/contact';

export const loginOtpSend = post('/api/login/otp/send', {
  body: CheckedOtpSendBody,
  reply: OtpSendReply,
  errors: [400, 401, 403, 429, 503],
});
export const loginOtpVerify = post('/api/login/otp/verify', { body: OtpVerifyBody, reply: LoginReply, errors: [400, 401, 403, 429, 503] });
export const loginPassword = post('/api/login/password', {
  body: CheckedPasswordLoginBody,
  reply: LoginReply,
  errors: [400, 401, 403, 429, 503],
});
export const gencode = post('/api/gencode', { body: EmptyBody, reply: DeviceCodeReply, errors: [400, 401, 403, 429, 503] });
export const loginGencode = post('/api/login/gencode', { body: DeviceCodeBody, reply: LoginReply, errors: [400, 401, 403, 429, 503] });
export const logout = post('/api/logout', { body: EmptyBody, reply: OkReply, errors: [400, 401, 403, 429, 503] });
export const userDetails = post('/api/user/details', { body: RefreshBody, reply: UserInfo, errors: [400, 401, 403, 409] });
export const userSignup = post('/api/user/signup', { body: SignupBody, reply: UserInfo, errors: [400, 401, 403, 409] });
export const userProfile = post('/api/user/profile', { body: ProfileBody, reply: UserInfo, errors: [400, 401, 403, 409] });
export const userPassword = post('/api/user/password', { body: ChangePasswordBody, reply: OkReply, errors: [400, 401, 403, 409] });
export const userEmailpreference = get('/api/user/emailpreference', { reply: EmailPreferences, errors: [400, 401, 403, 409] });
export const userEmailpreferenceSave = post('/api/user/emailpreference', {
  body: EmailPreferences,
  reply: EmailPreferences,
  errors: [400, 401, 403, 409],
});
export const userDelete = post('/api/user/delete', { reply: DeletionReply, errors: [400, 401, 403, 409] });
export const unsubscribe = post('/api/unsubscribe', { body: UnsubscribeBody, reply: OkReply, errors: [400, 401, 403, 409] });
export const userSessions = get('/api/user/sessions', { reply: ReaderSessions, errors: [400, 401, 404] });
export const userSessionsEnd = post('/api/user/sessions/end', { body: EndSessionBody, reply: ReaderSessions, errors: [400, 401, 404] });
export const userSessionsEndOthers = post('/api/user/sessions/end-others', {
  body: EmptyBody,
  reply: ReaderSessions,
  errors: [400, 401, 404],
});
export const guestLogin = post('/api/guest/login', { body: GuestLoginBody, reply: LoginReply, errors: [400, 401, 403, 409, 429] });
export const guestValidate = get('/api/guest/validate', { reply: GuestState });
export const couponValidate = post('/api/coupon/validate', { body: CouponBody, reply: UserInfo, errors: [400, 401, 403, 409, 429] });
export const accountLink = post('/api/account/link', { body: AccountLinkBody, reply: UserInfo, errors: [400, 401, 403, 409, 429] });
export const institutions = get('/api/institutions', { reply: UploadInstitutions });
export const userUploadid = post('/api/user/uploadid', { reply: UserInfo, errors: [400, 401, 403, 409, 413, 415, 429, 503] });
export const ssoInstitutions = get('/api/sso/institutions', { reply: SsoInstitutions });
export const ssoStart = get('/api/sso/start', { query: SsoStartQuery, reply: null, errors: [404, 503] });
export const ssoAccount = get('/api/sso/account', { reply: SsoLinks, errors: [400, 401, 403, 404, 409, 503] });
export const ssoLink = post('/api/sso/link', { body: SsoLinkBody, reply: SsoLinkReply, errors: [400, 401, 403, 404, 409, 503] });
export const ssoComplete = post('/api/sso/complete', {
  body: SsoCompleteBody,
  reply: SsoCompleteReply,
  errors: [400, 401, 403, 404, 409, 503],
});
export const accountContact = post('/api/account/contact', { body: ContactBody, reply: OkReply, errors: [400, 403, 429] });
export const accountQuestion = post('/api/account/question', { body: QuestionBody, reply: OkReply, errors: [400, 403, 429] });
