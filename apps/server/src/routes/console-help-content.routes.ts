import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, HELP_CONTENT_ERROR_KEYS, REPOSITORY_FILE_CONTENT_TYPE, REPOSITORY_FILE_MAX_BYTES } from '@portal/contract';
import { AppError } from '../errors.js';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentFaqEntry, presentHelpContentClients, presentRepositoryEntry } from '../presenters/help-content-editor.presenter.js';
import { repositoryFileTooLarge, type HelpContentEditorService } from '../services/help-content-editor.service.js';
import { requireTenantClient } from '../services/permissions.js';
import { bindEndpoint, bindInScope } from './bind-endpoint.js';
import { boundedBodyParser } from './raw-body.js';

/** A file upload's body, once it is known to have come as a PDF (415 otherwise). */
function requirePdfBody(request: FastifyRequest): unknown {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== REPOSITORY_FILE_CONTENT_TYPE) {
    throw new AppError(415, HELP_CONTENT_ERROR_KEYS.fileContentType, `Send the file itself as ${REPOSITORY_FILE_CONTENT_TYPE}.`);
  }
  return request.body;
}

/** Content-Disposition with a plain fallback name and the exact one, per RFC 6266. */
function inlineDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|"/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function registerConsoleHelpContentRoutes(app: FastifyInstance, deps: { helpEditor: HelpContentEditorService }) {
  // A scope of their own: the PDF body parser serves these routes alone (multipart stays on /api/v1).
  bindInScope(app, (scope) => {
    // Read whole: it is checked with pdf-lib, which needs it in memory.
    scope.addContentTypeParser(REPOSITORY_FILE_CONTENT_TYPE, boundedBodyParser(REPOSITORY_FILE_MAX_BYTES, repositoryFileTooLarge));

    // Another client's id is refused before a body is read: a 20 MB upload to a client out of reach is not taken in.
    scope.addHook('preParsing', async (request) => {
      const clientId = Number((request.params as { clientId?: string }).clientId);
      if (Number.isSafeInteger(clientId) && clientId > 0) requireTenantClient(requireAuth(request).user, clientId);
    });

    const editor = deps.helpEditor;
    const actorOf = (request: FastifyRequest) => requireAuth(request).user;

    bindEndpoint(scope, endpoints.helpContentClients, async (request) => ({
      success: true as const,
      data: presentHelpContentClients(await editor.clients(actorOf(request))),
    }));

    bindEndpoint(scope, endpoints.listFaqEntries, async (request) => ({
      success: true as const,
      data: (await editor.listFaqs(actorOf(request), request.params.clientId)).map(presentFaqEntry),
    }));

    bindEndpoint(scope, endpoints.createFaqEntry, async (request) => ({
      success: true as const,
      data: presentFaqEntry(await editor.createFaq(actorOf(request), request.params.clientId, request.body)),
    }));

    bindEndpoint(scope, endpoints.reorderFaqEntries, async (request) => ({
      success: true as const,
      data: (await editor.reorderFaqs(actorOf(request), request.params.clientId, request.body.ids)).map(presentFaqEntry),
    }));

    bindEndpoint(scope, endpoints.updateFaqEntry, async (request) => ({
      success: true as const,
      data: presentFaqEntry(await editor.updateFaq(actorOf(request), request.params.clientId, request.params.id, request.body)),
    }));

    bindEndpoint(scope, endpoints.deleteFaqEntry, async (request) => {
      await editor.deleteFaq(actorOf(request), request.params.clientId, request.params.id);
      return { success: true as const, data: { id: request.params.id } };
    });

    bindEndpoint(scope, endpoints.listRepositoryEntries, async (request) => ({
      success: true as const,
      data: (await editor.listDocuments(actorOf(request), request.params.clientId)).map(presentRepositoryEntry),
    }));

    bindEndpoint(scope, endpoints.uploadRepositoryFile, async (request) => ({
      success: true as const,
      data: await editor.uploadFile(actorOf(request), request.params.clientId, requirePdfBody(request)),
    }));

    bindEndpoint(scope, endpoints.createRepositoryEntry, async (request) => ({
      success: true as const,
      data: presentRepositoryEntry(await editor.createDocument(actorOf(request), request.params.clientId, request.body)),
    }));

    bindEndpoint(scope, endpoints.reorderRepositoryEntries, async (request) => ({
      success: true as const,
      data: (await editor.reorderDocuments(actorOf(request), request.params.clientId, request.body.ids)).map(presentRepositoryEntry),
    }));

    bindEndpoint(scope, endpoints.renameRepositoryEntry, async (request) => ({
      success: true as const,
      data: presentRepositoryEntry(await editor.renameDocument(actorOf(request), request.params.clientId, request.params.id, request.body)),
    }));

    bindEndpoint(scope, endpoints.replaceRepositoryFile, async (request) => {
      const { clientId, id, language } = request.params;
      return {
        success: true as const,
        data: presentRepositoryEntry(await editor.replaceFile(actorOf(request), clientId, id, language, requirePdfBody(request))),
      };
    });

    bindEndpoint(scope, endpoints.openRepositoryFile, async (request, reply) => {
      const { clientId, id, language } = request.params;
      const file = await editor.openFile(actorOf(request), clientId, id, language);
      reply
        .type(file.contentType)
        .header('content-disposition', inlineDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('content-length', file.size);
      return reply.send(await file.open());
    });

    bindEndpoint(scope, endpoints.deleteRepositoryEntry, async (request) => {
      await editor.deleteDocument(actorOf(request), request.params.clientId, request.params.id);
      return { success: true as const, data: { id: request.params.id } };
    });
  });
}
