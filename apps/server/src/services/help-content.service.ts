import type { Locale } from '@portal/contract';
import type { HelpContentRepository } from '../db/repositories/help-content.repository.js';
import type { UserWithOrganisation } from '../db/repositories/users.repository.js';
import { notFound } from '../errors.js';
import { safeFileName } from './documents.service.js';

export function createHelpContentService(deps: { help: HelpContentRepository }) {
  return {
    async listFaqs(user: UserWithOrganisation) {
      return (await deps.help.faqs(user.client_id)).map((faq) => ({
        Id: faq.id,
        QuestionFR: faq.question_fr,
        QuestionEN: faq.question_en,
        AnswerFR: faq.answer_fr,
        AnswerEN: faq.answer_en,
      }));
    },
    async listDocuments(user: UserWithOrganisation) {
      return (await deps.help.repositoryDocuments(user.client_id)).map((document) => ({
        Id: document.id,
        DocumentNameFR: document.name_fr,
        DocumentNameEN: document.name_en,
      }));
    },
    /** The file of a repository document in the person's language. */
    async findDocument(user: UserWithOrganisation, documentId: number, language: Locale) {
      const document = (await deps.help.repositoryDocuments(user.client_id)).find((d) => d.id === documentId);
      if (!document) throw notFound();
      const name = language === 'fr' ? document.name_fr : document.name_en;
      return {
        fileKey: language === 'fr' ? document.file_key_fr : document.file_key_en,
        fileName: safeFileName(name, language, document.id),
      };
    },
  };
}
export type HelpContentService = ReturnType<typeof createHelpContentService>;
