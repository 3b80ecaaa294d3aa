// Reader tokens: short-lived, signed, bound to one reader, one issue and the sign-in session
// that asked for it. Page images and texts are served only with a valid one, so a copied image
// URL stops working when its token expires, and every token stops when its session ends (logout,
// password change, deletion; seen within a few seconds, see sessionReaderCached).
// A separate key from the session tokens: a reader token never signs anybody in. The reader is
// named by their random uuid, never the sequential user id, so a token tells nothing of how many
// readers there are; the server finds the reader through the token's session.
import { SignJWT, errors } from 'jose';
import type { Queryable } from '../db/index';
import { HttpError } from '../http-error';
import { serverSecret } from './secrets';
import { hs256Key, verifiedTokens } from './verified-tokens';
import { sessionReaderCached } from '../repositories/sessions';

const AUDIENCE = 'lectern-reader';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ReaderGrant {
  userId: number;
  issueId: number;
  expiresAt: number;
}

export const tokenExpired = () => new HttpError(403, 'token_expired', 'This reading link has expired. Open the issue again.');
const sessionEnded = () => new HttpError(403, 'token_expired', 'You have signed out on this device. Sign in again to read.');
const tokenInvalid = () => new HttpError(403, 'token_invalid', 'This reading link is not valid for this issue. Open the issue again.');

export async function readerTokens(db: Queryable, lifetimeMinutes: number) {
  const key = await hs256Key(await serverSecret(db, 'reader-token-key'));
  const check = verifiedTokens(key, { algorithms: ['HS256'], audience: AUDIENCE });
  return {
    async sign(reader: { uuid: string }, issueId: number, sessionId: string): Promise<{ code: string; expiresAt: number }> {
      const expiresAt = Math.floor(Date.now() / 1000) + lifetimeMinutes * 60;
      const code = await new SignJWT({ iid: issueId, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(reader.uuid)
        .setAudience(AUDIENCE)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { code, expiresAt };
    },
    /** The grant of a token for this issue; 403 when missing, forged, for another issue, expired
     * or of a session that has ended. */
    async verify(code: string | undefined, issueId: number): Promise<ReaderGrant> {
      if (!code) throw tokenInvalid();
      let payload;
      try {
        payload = await check(code);
      } catch (err) {
        throw err instanceof errors.JWTExpired ? tokenExpired() : tokenInvalid();
      }
      const { iid, sub, sid, exp } = payload;
      if (iid !== issueId || !exp || typeof sub !== 'string' || !UUID.test(sub) || typeof sid !== 'string' || !UUID.test(sid))
        throw tokenInvalid();
      const userId = await sessionReaderCached(db, sid, sub);
      if (userId === null) throw sessionEnded();
      return { userId, issueId, expiresAt: exp };
    },
  };
}
export type ReaderTokens = Awaited<ReturnType<typeof readerTokens>>;
