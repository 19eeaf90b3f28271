import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { SESSION_COOKIE, requireAuth } from '../plugins/session.plugin.js';
import { presentCustomerView } from '../presenters/customer-view.presenter.js';
import { presentLoggedInUser } from '../presenters/user.presenter.js';
import type { CustomerViewService } from '../services/customer-view.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { openedFrom, resolveLanguage } from './request-context.js';

/** Viewing as a customer: opening a view from User Management, reading it for the banner, and leaving it. */
export function registerCustomerViewRoutes(app: FastifyInstance, deps: { customerView: CustomerViewService }) {
  bindEndpoint(app, endpoints.startCustomerView, async (request, reply) => {
    const auth = requireAuth(request);
    const { address, userAgent } = openedFrom(request);
    const { sessionToken, viewId } = await deps.customerView.start(auth.user, auth.sessionHash, request.params.id, request.body.reason, {
      address,
      userAgent,
      language: resolveLanguage(request),
    });
    const view = await deps.customerView.findOpen(viewId);
    if (!view) throw new Error(`the customer view ${viewId} was not found as it opened`);
    app.setSessionCookie(reply, sessionToken);
    return { success: true as const, user: presentLoggedInUser(await deps.customerView.customerOf(view)), view: presentCustomerView(view) };
  });

  bindEndpoint(app, endpoints.currentCustomerView, async (request) => {
    const view = requireAuth(request).customerView;
    return { success: true as const, view: view ? presentCustomerView(view) : null };
  });

  bindEndpoint(app, endpoints.endCustomerView, async (request, reply) => {
    const given = await deps.customerView.leave(request.cookies[SESSION_COOKIE]);
    if (given === 'notAView') return { success: true as const, user: null };
    if (!given) {
      app.clearSessionCookie(reply);
      return { success: true as const, user: null };
    }
    app.setSessionCookie(reply, given.sessionToken);
    return { success: true as const, user: presentLoggedInUser(given.user) };
  });
}
