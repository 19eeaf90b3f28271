import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentOwnSessions, presentSignInHistory } from '../presenters/own-sessions.presenter.js';
import type { OwnSessionsService } from '../services/own-sessions.service.js';
import { bindEndpoint } from './bind-endpoint.js';

/** A person's own sessions and sign-in history, from Settings. */
export function registerOwnSessionsRoutes(app: FastifyInstance, deps: { ownSessions: OwnSessionsService }) {
  bindEndpoint(app, endpoints.listOwnSessions, async (request) => {
    const auth = requireAuth(request);
    return { success: true as const, data: presentOwnSessions(await deps.ownSessions.list(auth.user.id), auth.sessionHash) };
  });

  bindEndpoint(app, endpoints.endOwnSession, async (request) => {
    const auth = requireAuth(request);
    return { success: true as const, data: { ended: await deps.ownSessions.endOne(auth.user.id, request.params.sessionId) } };
  });

  bindEndpoint(app, endpoints.endOtherOwnSessions, async (request) => {
    const auth = requireAuth(request);
    return { success: true as const, data: { ended: await deps.ownSessions.endOthers(auth.user.id, auth.sessionHash) } };
  });

  bindEndpoint(app, endpoints.ownSignInHistory, async (request) => {
    const auth = requireAuth(request);
    return { success: true as const, data: presentSignInHistory(await deps.ownSessions.history(auth.user.id)) };
  });
}
