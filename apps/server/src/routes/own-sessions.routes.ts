import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentOwnSessions, presentSignInHistory, presentTrustedDevices } from '../presenters/own-sessions.presenter.js';
import type { TrustedDevicesService } from '../services/trusted-devices.service.js';
import type { ManagedSessionsService } from '../services/managed-sessions.service.js';
import type { OwnSessionsService } from '../services/own-sessions.service.js';
import { bindEndpoint } from './bind-endpoint.js';

/** A person's own sessions and sign-in history, from Settings; and a managed user's sessions, from User Management. */
export function registerOwnSessionsRoutes(
  app: FastifyInstance,
  deps: { ownSessions: OwnSessionsService; managedSessions: ManagedSessionsService; trustedDevices: TrustedDevicesService },
) {
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

  bindEndpoint(app, endpoints.listTrustedDevices, async (request) => ({
    success: true as const,
    data: presentTrustedDevices(await deps.trustedDevices.list(requireAuth(request).user.id)),
  }));

  bindEndpoint(app, endpoints.removeTrustedDevice, async (request) => {
    await deps.trustedDevices.remove(requireAuth(request).user.id, request.params.deviceId);
    return { success: true as const };
  });

  bindEndpoint(app, endpoints.ownSignInHistory, async (request) => {
    const auth = requireAuth(request);
    return { success: true as const, data: presentSignInHistory(await deps.ownSessions.history(auth.user.id)) };
  });

  bindEndpoint(app, endpoints.listUserSessions, async (request) => {
    const sessions = await deps.managedSessions.list(requireAuth(request).user, request.params.id);
    return { success: true as const, data: presentOwnSessions(sessions, null) };
  });

  bindEndpoint(app, endpoints.endUserSessions, async (request) => ({
    success: true as const,
    data: { ended: await deps.managedSessions.endAll(requireAuth(request).user, request.params.id) },
  }));
}
