import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentConsoleDocumentType } from '../presenters/document-types-editor.presenter.js';
import type { DocumentTypeThumbnailsService } from '../services/document-type-thumbnails.service.js';
import type { DocumentTypesEditorService } from '../services/document-types-editor.service.js';
import { requireTenantClient } from '../services/permissions.js';
import { bindEndpoint, bindInScope } from './bind-endpoint.js';
import { bindImageUploads, pathIdOf, requireImageBody } from './image-upload.js';

export function registerConsoleDocumentTypesRoutes(
  app: FastifyInstance,
  deps: { documentTypesEditor: DocumentTypesEditorService; documentTypeThumbnails: DocumentTypeThumbnailsService },
) {
  bindInScope(app, async (scope) => {
    // A client out of reach is refused (403) before its body is read or validated.
    scope.addHook('preParsing', async (request) => {
      const clientId = Number((request.params as { clientId?: string }).clientId);
      if (Number.isSafeInteger(clientId) && clientId > 0) requireTenantClient(requireAuth(request).user, clientId);
    });
    const editor = deps.documentTypesEditor;

    bindEndpoint(scope, endpoints.listConsoleDocumentTypes, async (request) => ({
      success: true as const,
      data: (await editor.list(requireAuth(request).user, request.params.clientId)).map(presentConsoleDocumentType),
    }));

    bindEndpoint(scope, endpoints.updateConsoleDocumentType, async (request) => {
      const { clientId, typeId } = request.params;
      const type = await editor.updateType(requireAuth(request).user, clientId, typeId, request.body);
      return { success: true as const, data: presentConsoleDocumentType(type) };
    });

    bindEndpoint(scope, endpoints.updateConsoleAttribute, async (request) => {
      const { clientId, typeId, attributeId } = request.params;
      const type = await editor.updateAttribute(requireAuth(request).user, clientId, typeId, attributeId, request.body);
      return { success: true as const, data: presentConsoleDocumentType(type) };
    });

    bindEndpoint(scope, endpoints.reorderConsoleAttributes, async (request) => {
      const { clientId, typeId } = request.params;
      const type = await editor.reorderAttributes(requireAuth(request).user, clientId, typeId, request.body);
      return { success: true as const, data: presentConsoleDocumentType(type) };
    });

    bindEndpoint(scope, endpoints.removeConsoleDocumentTypeThumbnail, async (request) => {
      const { clientId, typeId } = request.params;
      const type = await deps.documentTypeThumbnails.remove(requireAuth(request).user, clientId, typeId);
      return { success: true as const, data: presentConsoleDocumentType(type) };
    });
  });

  // A client out of reach (403) or a type not of that client (404) is refused before the image is read.
  bindImageUploads(
    app,
    async (request) => {
      const clientId = pathIdOf(request, 'clientId');
      if (clientId) await deps.documentTypeThumbnails.requireTypeAccess(requireAuth(request).user, clientId, pathIdOf(request, 'typeId'));
    },
    (scope) => {
      bindEndpoint(scope, endpoints.replaceConsoleDocumentTypeThumbnail, async (request) => {
        const { clientId, typeId } = request.params;
        const type = await deps.documentTypeThumbnails.replace(requireAuth(request).user, clientId, typeId, requireImageBody(request.body));
        return { success: true as const, data: presentConsoleDocumentType(type) };
      });
    },
  );
}
