import type { FastifyInstance } from 'fastify';
import { endpoints, SIGN_IN_HISTORY_DAYS } from '@portal/contract';
import { presentViewsByStaff } from '../presenters/customer-view.presenter.js';
import type { CustomerViewService } from '../services/customer-view.service.js';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentOwnSessions, presentSignInHistory, presentTrustedDevices } from '../presenters/own-sessions.presenter.js';
import type { TrustedDevicesService } from '../services/trusted-devices.service.js';
import type { ManagedSessionsService } from '../services/managed-sessions.service.js';
import type { OwnSessionsService } from '../services/own-sessions.service.js';
import { bindEndpoint } from './bind-endpoint.js';

/** A person's own sessions and sign-in history, from Settings; and a managed user's sessions, from User Management. */
export function registerOwnSessionsRoutes(
  app: FastifyInstance,
  deps: {
    ownSessions: OwnSessionsService;
    managedSessions: ManagedSessionsService;
    trustedDevices: TrustedDevicesService;
    customerView: Pick<CustomerViewService, 'listForCustomer'>;
  },
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
    const since = new Date(Date.now() - SIGN_IN_HISTORY_DAYS * 86_400_000);
    return {
      success: true as const,
      data: presentSignInHistory(await deps.ownSessions.history(auth.user.id)),
      customerViews: presentViewsByStaff(await deps.customerView.listForCustomer(auth.user.id, since)),
    };
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
