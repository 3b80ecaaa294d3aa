// The login refresh's parameters (spec §7 "Refresh user info": udid, os, appver, device,
// language_code, uid, ctp), sent with POST /api/user/details. Each may be left out (an older app).
import { z } from 'zod';
import { line } from './fields';

export const RefreshBody = z
  .object({
    /** This device's id (the app's random device id). */
    udid: line().max(64).optional(),
    os: z.enum(['web', 'android', 'ios']).optional(),
    /** The app's build. */
    appver: line().max(40).optional(),
    /** What kind of device: phone, tablet or desktop. */
    device: z.enum(['phone', 'tablet', 'desktop']).optional(),
    language_code: z.enum(['en', 'hi']).optional(),
    /** The signed-in user's uid (base64 of the uuid, spec §3) as the device stored it: it must be the session's. */
    uid: line().max(64).optional(),
    /** How the reader signed in (the stored loginType). */
    ctp: z.enum(['email', 'mobile', 'password', 'guest', 'sso', 'device']).optional(),
  })
  .nullish();
export type RefreshBody = z.infer<typeof RefreshBody>;
