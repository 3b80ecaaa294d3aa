// Who is calling: signed tokens (HS256 only, issuer and expiry checked) that name a server-side
// session, so logout, a password change and account deletion revoke them. The app sends the
// token as the Authorization header (spec §3 userToken); a cookie never grants anything.
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SignJWT } from 'jose';
import { serverSecret } from '../services/secrets';
import { hs256Key, verifiedTokens } from '../services/verified-tokens';
import { SESSION_MAX_DAYS, liveSessionUser, openSession } from '../repositories/sessions';
import { HttpError } from '../http-error';
import { roughNetwork } from '../services/rough-network';

export { revokeSessions } from '../repositories/sessions';

export interface AuthUser {
  id: number;
  uuid: string;
  sessionId: string;
  type: 'user' | 'guest';
  /** The age limit the user's institution sets (null: none); undefined without an institution. */
  ageLimit: number | null | undefined;
}

/** The token ends when its session must end at the latest; the server also ends the session
 * after SESSION_IDLE_DAYS without use, at logout and at a password change. */
export const TOKEN_LIFETIME = `${SESSION_MAX_DAYS}d`;
const ISSUER = 'lectern';

declare module 'fastify' {
  interface FastifyInstance {
    /** Opens a session for the user and returns its signed token. Signing in also cancels a
     * pending account deletion. */
    issueToken(userId: number, req: FastifyRequest): Promise<string>;
    /** The signed token naming a session and its user's uuid (issueToken's, without opening the
     * session: the warm-up's, for a session that does not exist). */
    sessionToken(sessionId: string, uuid: string): Promise<string>;
    /** preHandler: 401 unless a valid token of a live session came with the request. */
    requireUser(req: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by requireUser (or optionalUser) from the Authorization header. */
    user: AuthUser | null;
    /** The caller, for routes in a signedIn() scope: a 401 when no live session came with the
     * request, so a handler can never act for nobody, even one registered outside the scope. */
    readonly signedInUser: AuthUser;
    optionalUser(): Promise<AuthUser | null>;
  }
}

export const unauthorized = () => new HttpError(401, 'unauthorized', 'Your session has ended. Please sign in again.');

/** The signed token of a session: its id and its user's uuid, signed with the server's
 * 'token-signing-key' (hs256Key). */
export const signSessionToken = (key: CryptoKey, sessionId: string, uuid: string) =>
  new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(uuid)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(key);

export default fp(async (app) => {
  const key = await hs256Key(await serverSecret(app.db, 'token-signing-key'));
  const verify = verifiedTokens(key, { algorithms: ['HS256'], issuer: ISSUER });

  const sessionToken = (sessionId: string, uuid: string) => signSessionToken(key, sessionId, uuid);
  app.decorate('sessionToken', sessionToken);
  app.decorate('issueToken', async (userId: number, req: FastifyRequest) => {
    const sessionId = crypto.randomUUID();
    const uuid = await openSession(app.db, sessionId, userId, String(req.headers['user-agent'] ?? '').slice(0, 200), roughNetwork(req));
    return sessionToken(sessionId, uuid);
  });

  async function userFromToken(req: FastifyRequest): Promise<AuthUser | null> {
    const token = req.headers.authorization?.replace(/^Bearer\s+/i, '').trim();
    if (!token) return null;
    let sub: string, sid: string;
    try {
      const payload = await verify(token);
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      sub = payload.sub;
      sid = payload.sid;
    } catch {
      return null;
    }
    const user = await liveSessionUser(app.db, sid, sub, roughNetwork(req));
    return user ? { id: user.id, uuid: sub, sessionId: sid, type: user.user_type, ageLimit: user.ageLimit } : null;
  }

  app.decorateRequest('user', null);
  app.decorateRequest('optionalUser', async function (this: FastifyRequest) {
    if (!this.user) this.user = await userFromToken(this);
    return this.user;
  });
  app.decorateRequest('signedInUser', {
    getter(this: FastifyRequest) {
      if (!this.user) throw unauthorized();
      return this.user;
    },
  });
  app.decorate('requireUser', async (req: FastifyRequest) => {
    if (!(await req.optionalUser())) throw unauthorized();
  });
});

/** Routes for signed-in callers only: every route the plugin registers answers 401 without a
 * valid token of a live session, after input validation and before its own preHandlers, and its
 * handlers read the caller as req.signedInUser. Routes that take an optional user stay outside. */
export function signedIn(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', app.requireUser);
    await app.register(routes);
  };
}
