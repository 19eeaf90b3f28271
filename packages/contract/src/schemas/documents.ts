import { z } from '../zod.js';
import { DOCUMENT_SELECTION_MAX, DOCUMENT_SELECTION_MIN, QUICK_SEARCH_MAX_FIELDS, SEARCH_TEXT_MAX_LENGTH } from '../constants.js';
import { idFromText, integer } from './builders.js';
import { CalendarDateSchema } from './fields.js';
import { oneOrFirstOf } from './table-options.js';

/** Quick-search operations of the specification. */
export const SEARCH_OPERATIONS = { equal: 0, startsWith: 1, endsWith: 2, contains: 3 } as const;

export const ReportInfoSchema = z.object({
  Id: integer(),
  Code: z.string(),
  TitleFr: z.string(),
  TitleEn: z.string(),
  DocumentCount: integer(),
  DocumentViewedCount: integer(),
  /** The type's own tile image, served at `thumbnailPath(filename)`; null shows the portal's icon. */
  ThumbnailInfo: z.nullable(z.object({ filename: z.string(), width: z.number(), height: z.number() })),
  DisplayProperties: z.object({ sortBy: z.string(), sortDesc: z.boolean() }),
});
export type ReportInfo = z.infer<typeof ReportInfoSchema>;

export const GetReportsResponseSchema = z.object({
  success: z.literal(true),
  ReportsInfos: z.array(ReportInfoSchema),
  HasOnboarding: z.boolean(),
  Experience: z.string(),
});

const SearchTextSchema = z
  .string({ error: 'validation.searchTextInvalid' })
  .check(z.maxLength(SEARCH_TEXT_MAX_LENGTH, 'validation.searchTextTooLong'));
const AttributeNameSchema = z.string().check(z.minLength(1), z.maxLength(64));

export const QuickSearchSchema = z.object({
  text: SearchTextSchema,
  fields: z
    .array(AttributeNameSchema)
    .check(z.minLength(1, 'validation.searchFieldRequired'), z.maxLength(QUICK_SEARCH_MAX_FIELDS, 'validation.searchTooManyFields')),
  operation: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
});
export type QuickSearch = z.infer<typeof QuickSearchSchema>;

export const AdvancedSearchItemSchema = z.object({ attribute: AttributeNameSchema, value: SearchTextSchema });

export const ReportDataRequestSchema = z.object({
  page: z._default(integer().check(z.gte(1), z.lte(100_000)), 1),
  perPage: z._default(integer().check(z.gte(1), z.lte(200)), 25),
  /** 'date' or the name of a displayed attribute; a data table's array form sorts by its first entry. */
  sortBy: z.pipe(
    oneOrFirstOf(z.string().check(z.maxLength(64)), 'validation.sortInvalid'),
    z.transform((column) => column ?? 'date'),
  ),
  sortDirection: z.pipe(
    oneOrFirstOf(z.enum(['asc', 'desc']), 'validation.sortInvalid'),
    z.transform((direction) => direction ?? 'desc'),
  ),
  advandedSearch: z._default(z.array(AdvancedSearchItemSchema).check(z.maxLength(20)), []),
  dateStart: z.optional(z.nullable(CalendarDateSchema)),
  dateEnd: z.optional(z.nullable(CalendarDateSchema)),
  searchOptions: z.optional(z.nullable(QuickSearchSchema)),
  updateSearchPreference: z._default(z.boolean(), false),
  /**
   * Words to find inside the documents' own text (beyond the specification, so optional): each
   * document is matched in its language, stemmed and without regard to accents. Combines with
   * every other filter; blank searches nothing.
   */
  textSearch: z.optional(z.nullable(SearchTextSchema)),
  /** With a text search, the best matches first instead of the list's sort. */
  sortByRelevance: z.optional(z.boolean()),
});
export type ReportDataRequest = z.output<typeof ReportDataRequestSchema>;
export const ReportCodeParamsSchema = z.object({ reportCode: z.string().check(z.minLength(1), z.maxLength(64)) });

export const ReportAttributeSchema = z.object({
  Name: z.string(),
  DisplayNameFR: z.string(),
  DisplayNameEN: z.string(),
  ShowInColumn: z.boolean(),
  /**
   * Where some values are words: for each such value as documents carry it, what to show in
   * either language. Absent when there are none; other values are shown as they are.
   */
  ValueLabels: z.optional(z.array(z.object({ Value: z.string(), LabelEn: z.string(), LabelFr: z.string() }))),
  /** Where the values are amounts of money: their currency (ISO 4217). Absent otherwise. */
  Currency: z.optional(z.string()),
});

/** A piece of a passage: the words a text search matched are `highlighted`. */
export const PassageSegmentSchema = z.object({ text: z.string(), highlighted: z.boolean() });
export type PassageSegment = z.infer<typeof PassageSegmentSchema>;

export const ReportDataResponseSchema = z.object({
  success: z.literal(true),
  Config: z.object({
    Id: integer(),
    Code: z.string(),
    TitleFr: z.string(),
    TitleEn: z.string(),
    Attributes: z.array(ReportAttributeSchema),
    DisplayedAttributes: z.array(z.string()),
  }),
  /** Each result: its opaque key, whether this user opened it, its type, its date and its attribute values. */
  Results: z.array(z.record(z.string(), z.union([z.string(), z.boolean()]))),
  TotalDocuments: integer(),
  /** True when a search matches more documents than are counted exactly: TotalDocuments is then "at least". */
  TotalIsLowerBound: z.boolean(),
  DateStart: z.nullable(z.string()),
  DateEnd: z.nullable(z.string()),
  DateMin: z.nullable(z.string()),
  /** With a text search: by result key, a short passage of the document's text around the words found. */
  Passages: z.optional(z.record(z.string(), z.array(PassageSegmentSchema))),
  /**
   * Sorted by relevance with more matches than are ranked: how many were, the first of the list's
   * own order (newest first by default). They come first, best first; the other matches follow in
   * the list's order.
   */
  RankedFirst: z.optional(integer()),
  /**
   * Where the type asks each reader to confirm reading each document ("I have read this notice"):
   * the keys of the page's documents whose current version the person has not confirmed yet.
   * Absent when the type does not ask it of this person (staff are never asked).
   */
  AwaitingAcknowledgement: z.optional(z.array(z.string())),
});

export const ConfigIdParamsSchema = z.object({ configId: idFromText() });
export const SearchAttributesResponseSchema = z.object({
  success: z.literal(true),
  ShowAll: z.boolean(),
  SearchTerms: z.array(z.omit(ReportAttributeSchema, { ShowInColumn: true })),
});

export const DocumentKeySchema = z.string().check(z.minLength(1), z.maxLength(512));
export const DocumentKeyQuerySchema = z.object({ documentKey: DocumentKeySchema });
export const DocumentKeyListSchema = z.object({
  documentKeyList: z
    .array(DocumentKeySchema)
    .check(
      z.minLength(DOCUMENT_SELECTION_MIN, 'validation.selectionSize'),
      z.maxLength(DOCUMENT_SELECTION_MAX, 'validation.selectionSize'),
    ),
});

export const FaqSchema = z.object({
  Id: integer(),
  QuestionFR: z.string(),
  QuestionEN: z.string(),
  AnswerFR: z.string(),
  AnswerEN: z.string(),
});
export const FaqListResponseSchema = z.object({ success: z.literal(true), faqs: z.array(FaqSchema) });
export const RepositoryDocumentSchema = z.object({ Id: integer(), DocumentNameFR: z.string(), DocumentNameEN: z.string() });
export const RepositoryListResponseSchema = z.object({ success: z.literal(true), documents: z.array(RepositoryDocumentSchema) });
export const RepositoryDocumentQuerySchema = z.object({
  documentId: idFromText(),
  actionNum: z.pipe(z.coerce.number(), z.union([z.literal(0), z.literal(1)])),
});

/**
 * A thumbnail's file name: the type's id, the start of the SHA-256 of its bytes and its
 * extension. The name changes with the content, so an address is cached for a year, and names
 * cannot be guessed from a type's id alone.
 */
export const THUMBNAIL_FILENAME_PATTERN = /^([1-9][0-9]{0,9})-([0-9a-f]{16})\.(png|jpg|webp|ico)$/;
export const ThumbnailParamsSchema = z.object({ filename: z.string().check(z.regex(THUMBNAIL_FILENAME_PATTERN)) });

/** Where the portal serves a thumbnail of this file name. */
export function thumbnailPath(filename: string): string {
  return `/thumbnails/${encodeURIComponent(filename)}`;
}

// ---- POST /api/documents/acknowledge, GET /api/documents/readers ----

/** The person's confirmation that they read the document's current version: when it was first given. */
export const AcknowledgeDocumentResponseSchema = z.object({ success: z.literal(true), data: z.object({ acknowledgedAt: z.string() }) });

/** A person of role USER who sees the document, and when they confirmed reading its current version (null: not yet). */
export const DocumentReaderSchema = z.object({
  userId: integer(),
  username: z.string(),
  name: z.string(),
  acknowledgedAt: z.nullable(z.string()),
  /** The notice of availability the person was sent, where its client asks consent to electronic delivery, and what became of it. */
  notice: z.nullable(
    z.object({
      state: z.enum(['digest', 'queued', 'accepted', 'refused']),
      publishedAt: z.string(),
      queuedAt: z.nullable(z.string()),
      acceptedAt: z.nullable(z.string()),
      refusedAt: z.nullable(z.string()),
      firstOpenedAt: z.nullable(z.string()),
    }),
  ),
});
export type DocumentReader = z.infer<typeof DocumentReaderSchema>;
export const DocumentReadersResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** Whether the document's type asks its readers to confirm each version. */
    requiresAcknowledgement: z.boolean(),
    version: integer(),
    readers: z.array(DocumentReaderSchema),
  }),
});
