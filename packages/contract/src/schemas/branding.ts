import { z } from '../zod.js';
import { integer } from './builders.js';

/** Theme colours of an experience (spec section 1), as CSS colour strings. */
export const BRAND_COLOR_NAMES = [
  'primary',
  'accent',
  'secondary',
  'linkHover',
  'buttonHover',
  'text',
  'title',
  'card',
  'body',
  'header',
  'footer',
  'loginBackground',
  'rowHighlight',
  'loginGraphicPrimary',
  'loginGraphicSecondary',
] as const;
export type BrandColorName = (typeof BRAND_COLOR_NAMES)[number];

const HexColorSchema = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/));
export const BrandColorsSchema = z.object(
  Object.fromEntries(BRAND_COLOR_NAMES.map((name) => [name, HexColorSchema])) as Record<BrandColorName, typeof HexColorSchema>,
);
export type BrandColors = z.infer<typeof BrandColorsSchema>;

export const BRAND_ASSET_KINDS = ['logo', 'logo-dark', 'logo-en', 'login-logo-en', 'favicon', 'footer-logo'] as const;
export type BrandAssetKind = (typeof BRAND_ASSET_KINDS)[number];

export const ExperienceBrandingSchema = z.object({
  Code: z.string(),
  ClientCode: z.string(),
  NameEn: z.string(),
  NameFr: z.string(),
  AppTitle: z.nullable(z.string()),
  Colors: BrandColorsSchema,
  /** URLs of the images; the optional English variants are null when the experience has none. */
  Assets: z.object({
    logo: z.string(),
    logoDark: z.string(),
    logoEn: z.nullable(z.string()),
    loginLogoEn: z.nullable(z.string()),
    favicon: z.string(),
    footerLogo: z.string(),
  }),
  LogoMaxWidth: integer(),
  LogoMaxHeight: integer(),
});
export type ExperienceBranding = z.infer<typeof ExperienceBrandingSchema>;

/** The id of the page's data element holding the branding the page was written with. */
export const PAGE_BRANDING_ELEMENT_ID = 'portal-page-branding';
/**
 * The branding written into the page by the server: the answer the branding call would give for
 * `askedCode` (the experience asked for by the session, ?exp or the exp cookie; null for none).
 */
export const PageBrandingSchema = z.object({ askedCode: z.nullable(z.string()), branding: ExperienceBrandingSchema });
export type PageBranding = z.infer<typeof PageBrandingSchema>;

export const BrandingQuerySchema = z.object({ exp: z.optional(z.string().check(z.maxLength(32))) });
/** The image's content hash, as its address carries it: with it, the answer may be cached for a year. */
export const BrandAssetQuerySchema = z.object({ v: z.optional(z.string().check(z.maxLength(64))) });
export const BrandAssetParamsSchema = z.object({
  code: z.string().check(z.maxLength(32)),
  kind: z.enum(BRAND_ASSET_KINDS),
});
