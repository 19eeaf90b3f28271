import type { Locale } from '@portal/contract';
import type { Faq, HelpContentRepository, RepositoryDocument } from '../db/repositories/help-content.repository.js';
import type { UserWithOrganisation } from '../db/repositories/users.repository.js';
import { notFound } from '../errors.js';
import type { DocumentStorage } from '../transports/storage/document-storage.js';
import { findStoredFile, type StoredFile } from './document-files.js';
import { helpDocumentFileName } from './file-names.js';

/** The questions and answers and the repository documents a person's client offers. */
export function createHelpContentService(deps: { help: HelpContentRepository; storage: DocumentStorage }) {
  return {
    listFaqs: (user: UserWithOrganisation): Promise<Faq[]> => deps.help.faqs(user.client_id),

    listDocuments: (user: UserWithOrganisation): Promise<RepositoryDocument[]> => deps.help.repositoryDocuments(user.client_id),

    /** The file of a repository document in the person's language, named after its title. */
    async openDocument(user: UserWithOrganisation, documentId: number, language: Locale): Promise<StoredFile> {
      const document = (await deps.help.repositoryDocuments(user.client_id)).find((d) => d.id === documentId);
      if (!document) throw notFound();
      const [fileKey, name] = language === 'fr' ? [document.file_key_fr, document.name_fr] : [document.file_key_en, document.name_en];
      return findStoredFile(deps.storage, fileKey, helpDocumentFileName(name));
    },
  };
}
export type HelpContentService = ReturnType<typeof createHelpContentService>;
