import { ERROR_KEYS } from '@portal/contract';
import type { AcknowledgementsRepository, DocumentReader } from '../db/repositories/acknowledgements.repository.js';
import type { ScopedPerson, Viewer } from '../db/repositories/types-in-scope.repository.js';
import { AppError, forbidden } from '../errors.js';
import type { DocumentsService, OpenedFrom } from './documents.service.js';
import { requireUserManagementScope } from './permissions.js';
import type { DocumentNotice, NoticesRepository } from '../db/repositories/notices.repository.js';
import type { WebhookEvents } from './webhooks/webhook-events.js';

const notAsked = () => new AppError(400, ERROR_KEYS.acknowledgementNotAsked, 'This document does not ask you to confirm reading it.');

/**
 * Read acknowledgements: where a type asks it, each person of role USER who sees a document
 * confirms reading its current version; a new version asks again. Each confirmation is an event
 * of the access evidence chain. Staff see who has confirmed and who has not.
 */
export function createAcknowledgementsService(deps: {
  documents: DocumentsService;
  acknowledgements: AcknowledgementsRepository;
  notices: Pick<NoticesRepository, 'ofDocument'>;
  /** Tells the client's back office of each first confirmation of a version. */
  webhooks?: Pick<WebhookEvents, 'emitAcknowledgement'>;
}) {
  return {
    /** When the person first confirmed the document's current version (now, the first time). */
    async acknowledge(viewer: Viewer<ScopedPerson & { username: string }>, key: string, where: OpenedFrom): Promise<Date> {
      const document = await deps.documents.findDocument(viewer, key, 'en');
      if (viewer.user.role_code !== 'USER' || !document.requiresAcknowledgement) throw notAsked();
      const acknowledged = await deps.acknowledgements.acknowledge({
        userId: viewer.user.id,
        username: viewer.user.username,
        documentId: document.id,
        address: where.address,
        userAgent: where.userAgent,
      });
      if (acknowledged.isFirst) await deps.webhooks?.emitAcknowledgement({ username: viewer.user.username, documentId: document.id });
      return acknowledged.at;
    },

    /** For staff who see the document: every reader, and whether they confirmed its current version. */
    async readers(
      viewer: Viewer<ScopedPerson & { client_id: number }>,
      key: string,
    ): Promise<{ requiresAcknowledgement: boolean; version: number; readers: DocumentReader[]; notices: DocumentNotice[] }> {
      requireUserManagementScope(viewer.user);
      if (viewer.user.role_code === 'USER') throw forbidden();
      const document = await deps.documents.findDocument(viewer, key, 'en');
      const [version, readers, notices] = await Promise.all([
        deps.acknowledgements.versionOf(document.id),
        deps.acknowledgements.readersOf(document.id),
        deps.notices.ofDocument(document.id),
      ]);
      return { requiresAcknowledgement: document.requiresAcknowledgement, version, readers, notices };
    },
  };
}
export type AcknowledgementsService = ReturnType<typeof createAcknowledgementsService>;
