import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import type { ReportAccessService } from '../services/report-access.service.js';
import type { UserManagementService } from '../services/user-management.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { resolveLanguage } from './request-context.js';

export function registerUserManagementRoutes(
  app: FastifyInstance,
  deps: { userManagement: UserManagementService; reportAccess: ReportAccessService },
) {
  const { userManagement } = deps;

  bindEndpoint(app, endpoints.userManagementDataLists, async (request) => ({
    success: true as const,
    ...(await userManagement.getDataLists(requireAuth(request).user)),
  }));

  bindEndpoint(app, endpoints.listManagedUsers, async (request) => ({
    success: true as const,
    ...(await userManagement.listUsers(requireAuth(request).user, request.body)),
  }));

  bindEndpoint(app, endpoints.getManagedUser, async (request) => ({
    success: true as const,
    Users: [await userManagement.getUser(requireAuth(request).user, request.params.id)],
  }));

  bindEndpoint(app, endpoints.createUser, async (request) => ({
    success: true as const,
    ...(await userManagement.createUser(requireAuth(request).user, request.body, resolveLanguage(request))),
  }));

  bindEndpoint(app, endpoints.updateUser, async (request) => ({
    success: true as const,
    ...(await userManagement.updateUser(requireAuth(request).user, request.body, resolveLanguage(request))),
  }));

  bindEndpoint(app, endpoints.resetUserPassword, async (request) => ({
    success: true as const,
    msg: await userManagement.resetPassword(requireAuth(request).user, request.body.userId, resolveLanguage(request)),
  }));

  bindEndpoint(app, endpoints.softDeleteUser, async (request) => ({
    success: true as const,
    msg: await userManagement.softDeleteUser(requireAuth(request).user, request.body.userId, resolveLanguage(request)),
  }));

  bindEndpoint(app, endpoints.saveReportAccess, async (request) => ({
    success: true as const,
    ...(await deps.reportAccess.saveReportAccess(requireAuth(request).user, request.body, resolveLanguage(request))),
  }));
}
