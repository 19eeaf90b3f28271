import { CUSTOMER_VIEW_DOCUMENTS } from './customer-view.js';
import { z } from '../zod.js';
import { CONSOLE_APP_TITLE_MAX_LENGTH, CONSOLE_NAME_MAX_LENGTH } from '../constants.js';
import { BRAND_ASSET_KINDS, BrandColorsSchema } from './branding.js';
import { idFromText, integer, requiredText } from './builders.js';
import { ROLE_CODES } from './roles.js';

export const CONSOLE_TENANT_ERROR_KEYS = {
  nameRequired: 'validation.consoleNameRequired',
  nameTooLong: 'validation.consoleNameTooLong',
  titleTooLong: 'validation.consoleTitleTooLong',
  colorInvalid: 'validation.consoleColorInvalid',
  /** The brand's colours fail WCAG 2.2 AA somewhere: the answer names the pairs and the nearest passing shades. */
  contrastFailing: 'errors.consoleContrastFailing',
  /** Onboarding cannot be turned on while a text registration shows is missing or untranslated. */
  textsIncomplete: 'errors.consoleTextsIncomplete',
  clientNotFound: 'errors.consoleClientNotFound',
  /** Only PNG, JPEG, WebP and ICO images, recognised by their bytes whatever the request calls them. */
  imageType: 'validation.consoleImageType',
  /** SVG can carry scripts and outside references: refused rather than half-sanitised. */
  imageSvg: 'validation.consoleImageSvg',
  imageDimensions: 'validation.consoleImageDimensions',
  imageTooLarge: 'errors.consoleImageTooLarge',
  /** The logo, dark logo, favicon and footer logo can be replaced, not removed. */
  imageRequired: 'errors.consoleImageRequired',
  experienceNotFound: 'errors.consoleExperienceNotFound',
} as const;

const NameSchema = requiredText(CONSOLE_NAME_MAX_LENGTH, {
  required: CONSOLE_TENANT_ERROR_KEYS.nameRequired,
  tooLong: CONSOLE_TENANT_ERROR_KEYS.nameTooLong,
});

export const ConsoleClientParamsSchema = z.object({ clientId: idFromText() });
export const ConsoleExperienceParamsSchema = z.object({ experienceId: idFromText() });

export const ConsoleRoleNameSchema = z.object({ role: z.enum(ROLE_CODES), nameEn: NameSchema, nameFr: NameSchema });

export const ConsoleExperienceSummarySchema = z.object({ id: integer(), code: z.string(), nameEn: z.string(), nameFr: z.string() });

export const ConsoleClientSchema = z.object({
  id: integer(),
  code: z.string(),
  nameEn: z.string(),
  nameFr: z.string(),
  onboardingEnabled: z.boolean(),
  blockDuplicates: z.boolean(),
  smsAllowed: z.boolean(),
  /** Whether its people may trust a device at the code step. */
  trustedDevicesAllowed: z.boolean(),
  /** What its staff may open of a customer's documents when viewing as the customer. */
  customerViewDocuments: z.enum(CUSTOMER_VIEW_DOCUMENTS),
  /** Names this client gives roles in its lists; a role without one shows the portal's name. */
  roleNames: z.array(ConsoleRoleNameSchema),
  experiences: z.array(ConsoleExperienceSummarySchema),
});
export type ConsoleClient = z.infer<typeof ConsoleClientSchema>;

export const ConsoleClientListResponseSchema = z.object({ success: z.literal(true), data: z.array(ConsoleClientSchema) });
export const ConsoleClientResponseSchema = z.object({ success: z.literal(true), data: ConsoleClientSchema });

export const UpdateConsoleClientRequestSchema = z.object({
  nameEn: NameSchema,
  nameFr: NameSchema,
  onboardingEnabled: z.boolean(),
  blockDuplicates: z.boolean(),
  smsAllowed: z.boolean(),
  /** Left out: unchanged. */
  trustedDevicesAllowed: z.optional(z.boolean()),
  /** Left out: unchanged. */
  customerViewDocuments: z.optional(z.enum(CUSTOMER_VIEW_DOCUMENTS)),
  /** The whole list: roles left out lose their client-specific name. */
  roleNames: z.array(ConsoleRoleNameSchema).check(z.maxLength(ROLE_CODES.length)),
});
export type UpdateConsoleClientRequest = z.infer<typeof UpdateConsoleClientRequestSchema>;

export const TENANT_TEXT_AREAS = ['client', 'experience', 'roleName', 'documentType', 'attribute', 'faq', 'repositoryDocument'] as const;
export const TENANT_TEXT_FIELDS = ['name', 'title', 'displayName', 'description', 'question', 'answer'] as const;
export const TENANT_TEXT_PROBLEMS = ['missingEn', 'missingFr', 'identical'] as const;

export const IncompleteTextSchema = z.object({
  area: z.enum(TENANT_TEXT_AREAS),
  /** The row's id, or its code for roles. */
  id: z.string(),
  field: z.enum(TENANT_TEXT_FIELDS),
  /** What the row is called, to find it: its English or French name. */
  label: z.string(),
  en: z.string(),
  fr: z.string(),
  problem: z.enum(TENANT_TEXT_PROBLEMS),
  /** Whether registration shows this text: onboarding cannot be turned on while such a text is incomplete. */
  shownAtRegistration: z.boolean(),
});
export type IncompleteText = z.infer<typeof IncompleteTextSchema>;

export const CompletenessResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ complete: z.boolean(), incomplete: z.array(IncompleteTextSchema) }),
});

/** The images an experience has of its own; the English variants are optional, the others always there. */
export const OPTIONAL_BRAND_IMAGE_KINDS = ['logo-en', 'login-logo-en'] as const;

export const ConsoleBrandImageSchema = z.object({
  kind: z.enum(BRAND_ASSET_KINDS),
  /** Where the image is served (its address changes with its content); null when the experience has none. */
  url: z.nullable(z.string()),
  required: z.boolean(),
});
export type ConsoleBrandImage = z.infer<typeof ConsoleBrandImageSchema>;

export const ConsoleBrandImageParamsSchema = z.object({
  experienceId: idFromText(),
  kind: z.enum(BRAND_ASSET_KINDS),
});

export const ConsoleBrandSchema = z.object({
  id: integer(),
  code: z.string(),
  clientId: integer(),
  nameEn: z.string(),
  nameFr: z.string(),
  appTitle: z.nullable(z.string()),
  colors: BrandColorsSchema,
  images: z.array(ConsoleBrandImageSchema),
});
export type ConsoleBrand = z.infer<typeof ConsoleBrandSchema>;
export const ConsoleBrandResponseSchema = z.object({ success: z.literal(true), data: ConsoleBrandSchema });

export const UpdateConsoleBrandRequestSchema = z.object({
  nameEn: NameSchema,
  nameFr: NameSchema,
  /** The browser tab's title; empty or null: the experience's name. */
  appTitle: z.pipe(
    z.nullable(z.string().check(z.trim(), z.maxLength(CONSOLE_APP_TITLE_MAX_LENGTH, CONSOLE_TENANT_ERROR_KEYS.titleTooLong))),
    z.transform((title) => (title ? title : null)),
  ),
  colors: BrandColorsSchema,
});
export type UpdateConsoleBrandRequest = z.infer<typeof UpdateConsoleBrandRequestSchema>;
