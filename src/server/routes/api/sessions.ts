// A reader's own sessions (My Account): each device signed in, roughly where it was last used,
// when it signed in and was last seen; ending one, or every one but this, takes effect at once
// (the token's session is checked on every call; reader tokens stop with it, see sessions.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReaderSessions } from '../../../shared/schemas/sessions';
import { HttpError } from '../../http-error';
import { type AuthUser, signedIn } from '../../plugins/auth';
import { liveSessions, revokeSessions } from '../../repositories/sessions';
import { deviceParts } from '../../services/device-name';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  async function sessionsOf(user: AuthUser): Promise<ReaderSessions> {
    const rows = await liveSessions(db, user.id);
    return {
      sessions: rows.map((s) => ({
        id: s.id,
        ...deviceParts(s.user_agent),
        network: s.network,
        signedInAt: s.created_at.toISOString(),
        lastSeenAt: s.last_seen_at.toISOString(),
        current: s.id === user.sessionId,
      })),
    };
  }

  route(app, endpoints.userSessions, async (req) => sessionsOf(req.signedInUser));

  route(app, endpoints.userSessionsEnd, async (req) => {
    const ended = await revokeSessions(db, req.signedInUser.id, { only: req.body.id });
    if (!ended.length) throw new HttpError(404, 'session_ended', 'That session has ended already.');
    return sessionsOf(req.signedInUser);
  });

  route(app, endpoints.userSessionsEndOthers, async (req) => {
    await revokeSessions(db, req.signedInUser.id, { except: req.signedInUser.sessionId });
    return sessionsOf(req.signedInUser);
  });
};
export default signedIn(routes);
