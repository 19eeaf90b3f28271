import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentDataLists } from '../presenters/data-lists.presenter.js';
import {
  presentManagedUserDetail,
  presentManagedUserPage,
  presentPasswordResetSent,
  presentSavedUser,
  presentUserDeleted,
} from '../presenters/managed-user.presenter.js';
import { presentAccessPreview, presentReportAccessSaved } from '../presenters/report-access.presenter.js';
import type { ReportAccessPreviewService } from '../services/report-access-preview.service.js';
import type { ReportAccessService } from '../services/report-access.service.js';
import type { UserManagementService } from '../services/user-management.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { resolveLanguage } from './request-context.js';
import type { SearchGate } from './search-gate.js';

export function registerUserManagementRoutes(
  app: FastifyInstance,
  deps: { userManagement: UserManagementService; reportAccess: ReportAccessService; reportAccessPreview: ReportAccessPreviewService },
  searches: SearchGate,
) {
  const { userManagement } = deps;

  bindEndpoint(app, endpoints.userManagementDataLists, async (request) => ({
    success: true as const,
    ...presentDataLists(await userManagement.getDataLists(requireAuth(request).user)),
  }));

  bindEndpoint(app, endpoints.listManagedUsers, async (request) => ({
    success: true as const,
    ...presentManagedUserPage(await userManagement.listUsers(requireAuth(request).user, request.body)),
  }));

  bindEndpoint(app, endpoints.getManagedUser, async (request) => ({
    success: true as const,
    Users: [presentManagedUserDetail(await userManagement.getUser(requireAuth(request).user, request.params.id))],
  }));

  bindEndpoint(app, endpoints.createUser, async (request) => ({
    success: true as const,
    ...presentSavedUser(await userManagement.createUser(requireAuth(request).user, request.body), 'created', resolveLanguage(request)),
  }));

  bindEndpoint(app, endpoints.updateUser, async (request) => ({
    success: true as const,
    ...presentSavedUser(await userManagement.updateUser(requireAuth(request).user, request.body), 'updated', resolveLanguage(request)),
  }));

  bindEndpoint(app, endpoints.resetUserPassword, async (request) => {
    await userManagement.resetPassword(requireAuth(request).user, request.body.userId);
    return { success: true as const, msg: presentPasswordResetSent(resolveLanguage(request)) };
  });

  bindEndpoint(app, endpoints.softDeleteUser, async (request) => {
    await userManagement.softDeleteUser(requireAuth(request).user, request.body.userId);
    return { success: true as const, msg: presentUserDeleted(resolveLanguage(request)) };
  });

  bindEndpoint(app, endpoints.saveReportAccess, async (request) => ({
    success: true as const,
    ...presentReportAccessSaved(
      await deps.reportAccess.saveReportAccess(requireAuth(request).user, request.body),
      resolveLanguage(request),
    ),
  }));

  // A preview runs the lists' own counts on the search pool: it counts among the person's searches.
  bindEndpoint(app, endpoints.previewReportAccess, async (request, reply) => {
    const { user } = requireAuth(request);
    searches.enter(user.id, reply);
    return {
      success: true as const,
      Reports: (await deps.reportAccessPreview.previewReportAccess(user, request.body)).map(presentAccessPreview),
    };
  });
}
