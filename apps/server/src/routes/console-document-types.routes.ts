import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentConsoleDocumentType } from '../presenters/document-types-editor.presenter.js';
import type { DocumentTypesEditorService } from '../services/document-types-editor.service.js';
import { requireTenantClient } from '../services/permissions.js';
import { bindEndpoint, bindInScope } from './bind-endpoint.js';

export function registerConsoleDocumentTypesRoutes(app: FastifyInstance, deps: { documentTypesEditor: DocumentTypesEditorService }) {
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
  });
}
