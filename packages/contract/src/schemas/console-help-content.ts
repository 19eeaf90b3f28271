import { z } from '../zod.js';
import { LocaleSchema } from './fields.js';
import { idFromText, integer, requiredText } from './builders.js';
import { allowControlCharacters, CONTROL_CHARACTERS_KEY } from './request-values.js';

/**
 * The tenant console's help content: a client's own questions and answers and its repository
 * documents (a PDF per language), as the FAQ page shows them to the client's people. Entries
 * for every client (no client) are not edited here.
 */

export const FAQ_QUESTION_MAX_LENGTH = 500;
export const FAQ_ANSWER_MAX_LENGTH = 5_000;
export const REPOSITORY_DOCUMENT_NAME_MAX_LENGTH = 200;
/** The largest repository PDF accepted, in bytes. */
export const REPOSITORY_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** A reorder names every entry of the client: at most this many. */
export const HELP_CONTENT_ORDER_MAX_IDS = 1_000;
/** The media type a repository file is sent as: the raw PDF is the request's body. */
export const REPOSITORY_FILE_CONTENT_TYPE = 'application/pdf';

export const HELP_CONTENT_ERROR_KEYS = {
  questionRequired: 'validation.helpQuestionRequired',
  questionTooLong: 'validation.helpQuestionTooLong',
  answerRequired: 'validation.helpAnswerRequired',
  answerTooLong: 'validation.helpAnswerTooLong',
  documentNameRequired: 'validation.helpDocumentNameRequired',
  documentNameTooLong: 'validation.helpDocumentNameTooLong',
  /** A reorder must name each of the client's entries exactly once, and nothing else. */
  orderInvalid: 'validation.helpOrderInvalid',
  /** The body is empty, not a PDF, or a PDF that cannot be opened (damaged, encrypted). */
  fileNotPdf: 'validation.helpFileNotPdf',
  /** A file named on creation was never uploaded for this client's repository. */
  fileUnknown: 'validation.helpFileUnknown',
  fileTooLarge: 'errors.helpFileTooLarge',
  /** The file was sent with another Content-Type than application/pdf. */
  fileContentType: 'errors.helpFileContentType',
  clientNotFound: 'errors.helpClientNotFound',
  faqNotFound: 'errors.helpFaqNotFound',
  documentNotFound: 'errors.helpDocumentNotFound',
} as const;

/**
 * An answer may span paragraphs: line breaks are kept (Windows ones made plain), every other
 * control character is refused as elsewhere.
 */
const AnswerSchema = allowControlCharacters(
  z.pipe(
    z.pipe(
      z.string({ error: HELP_CONTENT_ERROR_KEYS.answerRequired }),
      z.transform((text) => text.replace(/\r\n?/g, '\n').trim()),
    ),
    z.string().check(
      z.minLength(1, HELP_CONTENT_ERROR_KEYS.answerRequired),
      z.maxLength(FAQ_ANSWER_MAX_LENGTH, HELP_CONTENT_ERROR_KEYS.answerTooLong),
      z.refine((text) => !/[\p{Cs}]|(?!\n)\p{Cc}/u.test(text), CONTROL_CHARACTERS_KEY),
    ),
  ),
);

const QuestionSchema = requiredText(FAQ_QUESTION_MAX_LENGTH, {
  required: HELP_CONTENT_ERROR_KEYS.questionRequired,
  tooLong: HELP_CONTENT_ERROR_KEYS.questionTooLong,
});
const DocumentNameSchema = requiredText(REPOSITORY_DOCUMENT_NAME_MAX_LENGTH, {
  required: HELP_CONTENT_ERROR_KEYS.documentNameRequired,
  tooLong: HELP_CONTENT_ERROR_KEYS.documentNameTooLong,
});
const IdSchema = z.number({ error: HELP_CONTENT_ERROR_KEYS.orderInvalid }).check(z.int(), z.positive());
/** A stored file, named by the SHA-256 (hex) its upload answered. */
const FileIdSchema = z
  .string({ error: HELP_CONTENT_ERROR_KEYS.fileUnknown })
  .check(z.length(64, HELP_CONTENT_ERROR_KEYS.fileUnknown), z.regex(/^[0-9a-f]{64}$/, HELP_CONTENT_ERROR_KEYS.fileUnknown));

// ---- paths ----

export const HelpContentClientParamsSchema = z.object({ clientId: idFromText() });
export const HelpContentEntryParamsSchema = z.extend(HelpContentClientParamsSchema, { id: idFromText() });
export const RepositoryFileParamsSchema = z.extend(HelpContentEntryParamsSchema, { language: LocaleSchema });

// ---- GET /api/console/help-content/clients ----

export const HelpContentClientSchema = z.object({ id: integer(), code: z.string(), nameEn: z.string(), nameFr: z.string() });
export type HelpContentClient = z.infer<typeof HelpContentClientSchema>;
export const HelpContentClientsResponseSchema = z.object({ success: z.literal(true), data: z.array(HelpContentClientSchema) });

// ---- FAQ entries ----

export const FaqEntrySchema = z.object({
  id: integer(),
  clientId: integer(),
  position: integer(),
  questionEn: z.string(),
  questionFr: z.string(),
  answerEn: z.string(),
  answerFr: z.string(),
});
export type FaqEntry = z.infer<typeof FaqEntrySchema>;

export const FaqEntryListResponseSchema = z.object({ success: z.literal(true), data: z.array(FaqEntrySchema) });
export const FaqEntryResponseSchema = z.object({ success: z.literal(true), data: FaqEntrySchema });

export const SaveFaqEntryRequestSchema = z.object({
  questionEn: QuestionSchema,
  questionFr: QuestionSchema,
  answerEn: AnswerSchema,
  answerFr: AnswerSchema,
});
export type SaveFaqEntryRequest = z.infer<typeof SaveFaqEntryRequestSchema>;

/** Every entry of the client, each once, in the order wanted. */
export const HelpContentOrderRequestSchema = z.object({
  ids: z
    .array(IdSchema, { error: HELP_CONTENT_ERROR_KEYS.orderInvalid })
    .check(z.maxLength(HELP_CONTENT_ORDER_MAX_IDS, HELP_CONTENT_ERROR_KEYS.orderInvalid)),
});
export type HelpContentOrderRequest = z.infer<typeof HelpContentOrderRequestSchema>;

export const DeletedHelpContentResponseSchema = z.object({ success: z.literal(true), data: z.object({ id: integer() }) });

// ---- repository documents ----

export const RepositoryFileSchema = z.object({
  /** The SHA-256 of the file (hex): a new file means a new id, so a link to the old one never shows the new. */
  fileId: z.string(),
  /** Bytes, or null when the stored file is missing. */
  size: z.nullable(integer()),
});
export type RepositoryFile = z.infer<typeof RepositoryFileSchema>;

export const RepositoryEntrySchema = z.object({
  id: integer(),
  clientId: integer(),
  position: integer(),
  nameEn: z.string(),
  nameFr: z.string(),
  fileEn: RepositoryFileSchema,
  fileFr: RepositoryFileSchema,
});
export type RepositoryEntry = z.infer<typeof RepositoryEntrySchema>;

export const RepositoryEntryListResponseSchema = z.object({ success: z.literal(true), data: z.array(RepositoryEntrySchema) });
export const RepositoryEntryResponseSchema = z.object({ success: z.literal(true), data: RepositoryEntrySchema });

/** What an upload answers: the id to name the file by when creating a document. */
export const UploadedRepositoryFileResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ fileId: z.string(), size: integer(), pageCount: integer() }),
});

export const CreateRepositoryEntryRequestSchema = z.object({
  nameEn: DocumentNameSchema,
  nameFr: DocumentNameSchema,
  fileEn: FileIdSchema,
  fileFr: FileIdSchema,
});
export type CreateRepositoryEntryRequest = z.infer<typeof CreateRepositoryEntryRequestSchema>;

export const RenameRepositoryEntryRequestSchema = z.object({ nameEn: DocumentNameSchema, nameFr: DocumentNameSchema });
export type RenameRepositoryEntryRequest = z.infer<typeof RenameRepositoryEntryRequestSchema>;
