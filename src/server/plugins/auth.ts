// Who is calling: signed tokens (HS256 only, issuer and expiry checked) that name a server-side
// session, so logout, a password change and account deletion revoke them. The app sends the
// token as the Authorization header (spec §3 userToken); a cookie never grants anything.
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { serverSecret } from '../services/secrets';
import { HttpError } from './errors';

export interface AuthUser { id: number; uuid: string; sessionId: string; type: 'user' | 'guest' }

export const TOKEN_LIFETIME = '365d';
const ISSUER = 'lectern';

declare module 'fastify' {
  interface FastifyInstance {
    /** Opens a session for the user and returns its signed token. Signing in also cancels a
     * pending account deletion. */
    issueToken(userId: number, req: FastifyRequest): Promise<string>;
    /** preHandler: 401 unless a valid token of a live session came with the request. */
    requireUser(req: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by requireUser (or optionalUser) from the Authorization header. */
    user: AuthUser | null;
    optionalUser(): Promise<AuthUser | null>;
  }
}

export const unauthorized = () => new HttpError(401, 'unauthorized', 'Your session has ended. Please sign in again.');

export default fp(async (app) => {
  const key = await serverSecret(app.db, 'token-signing-key');

  app.decorate('issueToken', async (userId: number, req: FastifyRequest) => {
    const sessionId = crypto.randomUUID();
    const { rows } = await app.db.query<{ uuid: string }>(
      `WITH s AS (INSERT INTO user_sessions (id, user_id, user_agent) VALUES ($1, $2, $3))
       UPDATE users SET last_login_at = now(), delete_after = NULL WHERE id = $2 RETURNING uuid`,
      [sessionId, userId, String(req.headers['user-agent'] ?? '').slice(0, 200)],
    );
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(rows[0].uuid)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(TOKEN_LIFETIME)
      .sign(key);
  });

  async function userFromToken(header: string | undefined): Promise<AuthUser | null> {
    const token = header?.replace(/^Bearer\s+/i, '').trim();
    if (!token) return null;
    let sub: string, sid: string;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      sub = payload.sub;
      sid = payload.sid;
    } catch {
      return null;
    }
    const { rows } = await app.db.query<{ id: number; user_type: 'user' | 'guest' }>(
      `SELECT u.id, u.user_type FROM user_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = $1 AND s.revoked_at IS NULL AND u.uuid = $2`,
      [sid, sub],
    );
    return rows[0] ? { id: rows[0].id, uuid: sub, sessionId: sid, type: rows[0].user_type } : null;
  }

  app.decorateRequest('user', null);
  app.decorateRequest('optionalUser', async function (this: FastifyRequest) {
    if (!this.user) this.user = await userFromToken(this.headers.authorization);
    return this.user;
  });
  app.decorate('requireUser', async (req: FastifyRequest) => {
    if (!(await req.optionalUser())) throw unauthorized();
  });
});

/** Ends one session (logout) or all of a user's sessions but one (password change). */
export async function revokeSessions(db: { query: (sql: string, p: unknown[]) => Promise<unknown> }, userId: number, opts: { only?: string; except?: string }) {
  if (opts.only) await db.query(`UPDATE user_sessions SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`, [opts.only, userId]);
  else await db.query(`UPDATE user_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id::text <> $2`, [userId, opts.except ?? '']);
}
