import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import type { AccountService } from '../services/account.service.js';
import type { ProfileService } from '../services/profile.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { resolveLanguage } from './request-context.js';

export function registerAccountRoutes(app: FastifyInstance, deps: { account: AccountService; profile: ProfileService }) {
  bindEndpoint(app, endpoints.accountStatus, async (request) => ({
    success: true as const,
    accountStatus: deps.account.getAccountStatus(requireAuth(request).user),
  }));

  bindEndpoint(app, endpoints.userInfo, async (request) => ({
    success: true as const,
    userInfo: deps.profile.getUserInfo(requireAuth(request).user),
  }));

  bindEndpoint(app, endpoints.setUserInfo, async (request) => ({
    success: true as const,
    msg: await deps.profile.setUserInfo(requireAuth(request).user, request.body, resolveLanguage(request)),
  }));

  bindEndpoint(app, endpoints.setNewPassword, async (request) => {
    const auth = requireAuth(request);
    const msg = await deps.profile.setNewPassword(auth.user, auth.sessionHash, request.body, resolveLanguage(request));
    return { success: true as const, msg };
  });

  bindEndpoint(app, endpoints.sendContactValidationCode, async (request) => ({
    success: true as const,
    ...(await deps.profile.sendContactCode(requireAuth(request).user, request.body.ContactValue, request.body.CommunicationType)),
  }));

  bindEndpoint(app, endpoints.validateContactValidationCode, async (request) => ({
    success: true as const,
    userInfo: await deps.profile.validateContactCode(
      requireAuth(request).user,
      request.body.ContactValue,
      request.body.ContactValidationCode,
    ),
  }));
}
