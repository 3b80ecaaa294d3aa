// Reader tokens: short-lived, signed, bound to one reader and one issue. Page images and texts
// are served only with a valid one, so a copied image URL stops working when its token expires.
// A separate key from the session tokens: a reader token never signs anybody in.
import { SignJWT, jwtVerify, errors } from 'jose';
import type { Queryable } from '../db/index';
import { HttpError } from '../plugins/errors';
import { serverSecret } from './secrets';

const AUDIENCE = 'lectern-reader';

export interface ReaderGrant { userId: number; issueId: number; expiresAt: number }

export const tokenExpired = () => new HttpError(403, 'token_expired', 'This reading link has expired. Open the issue again.');
const tokenInvalid = () => new HttpError(403, 'token_invalid', 'This reading link is not valid for this issue. Open the issue again.');

export async function readerTokens(db: Queryable, lifetimeMinutes: number) {
  const key = await serverSecret(db, 'reader-token-key');
  return {
    async sign(userId: number, issueId: number): Promise<{ code: string; expiresAt: number }> {
      const expiresAt = Math.floor(Date.now() / 1000) + lifetimeMinutes * 60;
      const code = await new SignJWT({ iid: issueId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setAudience(AUDIENCE)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { code, expiresAt };
    },
    /** The grant of a token for this issue; 403 when missing, forged, for another issue or expired. */
    async verify(code: string | undefined, issueId: number): Promise<ReaderGrant> {
      if (!code) throw tokenInvalid();
      try {
        const { payload } = await jwtVerify(code, key, { algorithms: ['HS256'], audience: AUDIENCE });
        if (payload.iid !== issueId || !payload.sub || !payload.exp) throw tokenInvalid();
        return { userId: Number(payload.sub), issueId, expiresAt: payload.exp };
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw tokenExpired();
        if (err instanceof HttpError) throw err;
        throw tokenInvalid();
      }
    },
  };
}
export type ReaderTokens = Awaited<ReturnType<typeof readerTokens>>;
