import { z } from '../zod.js';
import { ATTRIBUTE_VALUE_MAX_LENGTH } from '../constants.js';
import { idFromText, integer, requiredText } from './builders.js';
import { SetRetentionRequestSchema } from './retention.js';

/**
 * The tenant console's document types and their attributes: titles, default sort, retention and
 * onboarding of a type; names, descriptions, columns, search, owner identification and order of
 * its attributes. Types and attributes are created by the client's set-up, not here.
 */

export const DOCUMENT_TYPE_TITLE_MAX_LENGTH = 200;
export const ATTRIBUTE_DISPLAY_NAME_MAX_LENGTH = 100;
export const ATTRIBUTE_DESCRIPTION_MAX_LENGTH = 1000;
/** An attribute's values that are words, each with what it reads in either language. */
export const ATTRIBUTE_VALUE_LABELS_MAX = 100;
/** The default sort of a type's list: its date, or one of its attributes shown in a column. */
export const DOCUMENT_TYPE_SORT_BY_DATE = 'date';
/**
 * How a column sorts its values: 'number' puts values that are numbers first, in numeric order
 * (9 before 10), then the others as text; 'text' orders every value as text (10 before 9).
 */
export const ATTRIBUTE_ORDERINGS = ['number', 'text'] as const;
/** The currencies an attribute of amounts may be shown in. */
export const ATTRIBUTE_CURRENCIES = ['CAD', 'USD', 'EUR', 'GBP', 'CHF'] as const;
export type AttributeCurrency = (typeof ATTRIBUTE_CURRENCIES)[number];
export type AttributeOrdering = (typeof ATTRIBUTE_ORDERINGS)[number];

export const CONSOLE_DOCUMENT_TYPE_ERROR_KEYS = {
  paperAfterDaysInvalid: 'validation.paperAfterDaysInvalid',
  titleRequired: 'validation.documentTypeTitleRequired',
  titleTooLong: 'validation.documentTypeTitleTooLong',
  displayNameRequired: 'validation.attributeDisplayNameRequired',
  displayNameTooLong: 'validation.attributeDisplayNameTooLong',
  descriptionTooLong: 'validation.attributeDescriptionTooLong',
  /** The default sort names neither the date nor an attribute of the type shown in a column. */
  sortInvalid: 'validation.documentTypeSortInvalid',
  /** An attribute that sorts the type's list by default keeps its column. */
  attributeIsDefaultSort: 'errors.attributeIsDefaultSort',
  /** A new order must name every attribute of the type once. */
  attributeOrderInvalid: 'validation.attributeOrderInvalid',
  documentTypeNotFound: 'errors.consoleDocumentTypeNotFound',
  attributeNotFound: 'errors.consoleAttributeNotFound',
  orderingInvalid: 'validation.attributeOrderingInvalid',
  valueRequired: 'validation.attributeValueRequired',
  valueTooLong: 'validation.attributeValueTooLong',
  valueLabelRequired: 'validation.attributeValueLabelRequired',
  valueLabelsTooMany: 'validation.attributeValueLabelsTooMany',
  /** The same value named twice. */
  valueLabelDuplicate: 'validation.attributeValueLabelDuplicate',
  currencyInvalid: 'validation.attributeCurrencyInvalid',
} as const;

const TitleSchema = requiredText(DOCUMENT_TYPE_TITLE_MAX_LENGTH, {
  required: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.titleRequired,
  tooLong: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.titleTooLong,
});
const DisplayNameSchema = requiredText(ATTRIBUTE_DISPLAY_NAME_MAX_LENGTH, {
  required: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.displayNameRequired,
  tooLong: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.displayNameTooLong,
});
const DescriptionSchema = z
  .string({ error: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.descriptionTooLong })
  .check(z.trim(), z.maxLength(ATTRIBUTE_DESCRIPTION_MAX_LENGTH, CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.descriptionTooLong));
const Flag = z.boolean({ error: 'errors.validation' });
const ValueLabelTextSchema = requiredText(ATTRIBUTE_DISPLAY_NAME_MAX_LENGTH, {
  required: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.valueLabelRequired,
  tooLong: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.displayNameTooLong,
});

/**
 * A value documents carry (as they carry it: "Renewal") and what the list shows for it in each
 * language ("Renewal", "Renouvellement"). Values without one are shown as they are.
 */
export const AttributeValueLabelSchema = z.object({
  value: requiredText(ATTRIBUTE_VALUE_MAX_LENGTH, {
    required: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.valueRequired,
    tooLong: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.valueTooLong,
  }),
  en: ValueLabelTextSchema,
  fr: ValueLabelTextSchema,
});
export type AttributeValueLabel = z.infer<typeof AttributeValueLabelSchema>;
const ValueLabelsSchema = z.array(AttributeValueLabelSchema, { error: 'errors.validation' }).check(
  z.maxLength(ATTRIBUTE_VALUE_LABELS_MAX, CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.valueLabelsTooMany),
  z.refine((labels) => new Set(labels.map((label) => label.value)).size === labels.length, {
    message: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.valueLabelDuplicate,
  }),
);

export const ConsoleAttributeSchema = z.object({
  id: integer(),
  /** The key of the attribute in documents: fixed once documents carry it. */
  name: z.string(),
  displayNameEn: z.string(),
  displayNameFr: z.string(),
  descriptionEn: z.string(),
  descriptionFr: z.string(),
  showInColumn: z.boolean(),
  isSearchable: z.boolean(),
  identifiesOwner: z.boolean(),
  ordering: z.enum(ATTRIBUTE_ORDERINGS),
  position: integer(),
  valueLabels: z.array(AttributeValueLabelSchema),
  /** Where the values are amounts: the currency they are in; null otherwise. */
  currency: z.nullable(z.enum(ATTRIBUTE_CURRENCIES)),
});
export type ConsoleAttribute = z.infer<typeof ConsoleAttributeSchema>;

export const ConsoleDocumentTypeSchema = z.object({
  id: integer(),
  clientId: integer(),
  code: z.string(),
  titleEn: z.string(),
  titleFr: z.string(),
  position: integer(),
  /** 'date' or the name of an attribute shown in a column. */
  sortBy: z.string(),
  sortDesc: z.boolean(),
  /** Days documents are kept; null keeps them forever. */
  retentionDays: z.nullable(integer()),
  onboardingEnabled: z.boolean(),
  /** Each reader confirms reading each document, version by version ("I have read this notice"). */
  requiresAcknowledgement: z.boolean(),
  /** Days after which a consenting person who has not opened a document gets it on paper too; null: never. */
  paperAfterDays: z.nullable(integer()),
  /** The image of the type's dashboard tile, where the type has one of its own. */
  thumbnail: z.nullable(z.object({ url: z.string(), width: integer(), height: integer() })),
  /** In their order. */
  attributes: z.array(ConsoleAttributeSchema),
});
export type ConsoleDocumentType = z.infer<typeof ConsoleDocumentTypeSchema>;

export const ConsoleDocumentTypesParamsSchema = z.object({ clientId: idFromText() });
export const ConsoleDocumentTypeParamsSchema = z.extend(ConsoleDocumentTypesParamsSchema, { typeId: idFromText() });
export const ConsoleAttributeParamsSchema = z.extend(ConsoleDocumentTypeParamsSchema, { attributeId: idFromText() });

export const ConsoleDocumentTypeListResponseSchema = z.object({ success: z.literal(true), data: z.array(ConsoleDocumentTypeSchema) });
export const ConsoleDocumentTypeResponseSchema = z.object({ success: z.literal(true), data: ConsoleDocumentTypeSchema });

export const UpdateDocumentTypeRequestSchema = z.object({
  titleEn: TitleSchema,
  titleFr: TitleSchema,
  sortBy: z
    .string({ error: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.sortInvalid })
    .check(z.minLength(1, CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.sortInvalid), z.maxLength(63, CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.sortInvalid)),
  sortDesc: Flag,
  /** The same rule as the back office's retention call. */
  retentionDays: SetRetentionRequestSchema.shape.retentionDays,
  onboardingEnabled: Flag,
  /** Left out, the type keeps its setting. */
  requiresAcknowledgement: z.optional(Flag),
  /** 1 to 365 days, or null for never; left out, the type keeps its setting. */
  paperAfterDays: z.optional(
    z.nullable(
      z
        .number({ error: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.paperAfterDaysInvalid })
        .check(
          z.int(),
          z.minimum(1, CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.paperAfterDaysInvalid),
          z.maximum(365, CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.paperAfterDaysInvalid),
        ),
    ),
  ),
});
export type UpdateDocumentTypeRequest = z.infer<typeof UpdateDocumentTypeRequestSchema>;
export type UpdateDocumentTypeForm = z.input<typeof UpdateDocumentTypeRequestSchema>;

export const UpdateAttributeRequestSchema = z.object({
  displayNameEn: DisplayNameSchema,
  displayNameFr: DisplayNameSchema,
  descriptionEn: DescriptionSchema,
  descriptionFr: DescriptionSchema,
  showInColumn: Flag,
  isSearchable: Flag,
  identifiesOwner: Flag,
  /** Left out, the attribute keeps its ordering. */
  ordering: z.optional(z.enum(ATTRIBUTE_ORDERINGS, { error: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.orderingInvalid })),
  /** Left out, the attribute keeps its value labels; given, they replace them. */
  valueLabels: z.optional(ValueLabelsSchema),
  /** Left out, the attribute keeps its currency; null: its values are not amounts of money. */
  currency: z.optional(z.nullable(z.enum(ATTRIBUTE_CURRENCIES, { error: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.currencyInvalid }))),
});
export type UpdateAttributeRequest = z.infer<typeof UpdateAttributeRequestSchema>;
export type UpdateAttributeForm = z.input<typeof UpdateAttributeRequestSchema>;

/** Every attribute id of the type, once each, in the new order. */
export const ReorderAttributesRequestSchema = z.object({
  attributeIds: z
    .array(z.number({ error: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.attributeOrderInvalid }).check(z.int(), z.positive()), {
      error: CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.attributeOrderInvalid,
    })
    .check(
      z.minLength(1, CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.attributeOrderInvalid),
      z.maxLength(500, CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.attributeOrderInvalid),
    ),
});
export type ReorderAttributesRequest = z.infer<typeof ReorderAttributesRequestSchema>;
