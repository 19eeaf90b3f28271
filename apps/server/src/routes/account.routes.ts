import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentAccountStatus } from '../presenters/account.presenter.js';
import { presentPasswordChanged, presentProfileSaved, presentUserInfo } from '../presenters/profile.presenter.js';
import type { AccountService } from '../services/account.service.js';
import type { ProfileService } from '../services/profile.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { resolveLanguage } from './request-context.js';

export function registerAccountRoutes(app: FastifyInstance, deps: { account: AccountService; profile: ProfileService }) {
  bindEndpoint(app, endpoints.accountStatus, async (request) => {
    const auth = requireAuth(request);
    return { success: true as const, accountStatus: presentAccountStatus(deps.account.getAccountStatus(auth.user, auth)) };
  });

  // The session already holds the person as they are now: there is nothing to ask a service.
  bindEndpoint(app, endpoints.userInfo, async (request) => ({
    success: true as const,
    userInfo: presentUserInfo(requireAuth(request).user),
  }));

  bindEndpoint(app, endpoints.setUserInfo, async (request) => {
    await deps.profile.setUserInfo(requireAuth(request).user, request.body);
    return { success: true as const, msg: presentProfileSaved(resolveLanguage(request)) };
  });

  bindEndpoint(app, endpoints.setNewPassword, async (request) => {
    const auth = requireAuth(request);
    await deps.profile.setNewPassword(auth.user, auth.sessionHash, request.body);
    return { success: true as const, msg: presentPasswordChanged(resolveLanguage(request)) };
  });

  bindEndpoint(app, endpoints.sendContactValidationCode, async (request) => ({
    success: true as const,
    ...(await deps.profile.sendContactCode(requireAuth(request).user, request.body.ContactValue, request.body.CommunicationType)),
  }));

  bindEndpoint(app, endpoints.validateContactValidationCode, async (request) => ({
    success: true as const,
    userInfo: presentUserInfo(
      await deps.profile.validateContactCode(requireAuth(request).user, request.body.ContactValue, request.body.ContactValidationCode),
    ),
  }));
}
