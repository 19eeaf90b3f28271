import type { FaqListResponseSchema, RepositoryListResponseSchema } from '@portal/contract';
import type { z } from 'zod/mini';
import type { Faq, RepositoryDocument } from '../db/repositories/help-content.repository.js';

export function presentFaqs(faqs: Faq[]): z.input<typeof FaqListResponseSchema> {
  return {
    success: true,
    faqs: faqs.map((faq) => ({
      Id: faq.id,
      QuestionFR: faq.question_fr,
      QuestionEN: faq.question_en,
      AnswerFR: faq.answer_fr,
      AnswerEN: faq.answer_en,
    })),
  };
}

export function presentRepositoryDocuments(documents: RepositoryDocument[]): z.input<typeof RepositoryListResponseSchema> {
  return {
    success: true,
    documents: documents.map((document) => ({ Id: document.id, DocumentNameFR: document.name_fr, DocumentNameEN: document.name_en })),
  };
}
