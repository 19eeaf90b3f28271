import {
  BRAND_COLOR_NAMES,
  checkBrandContrast,
  type BrandColorName,
  type BrandColors,
  type ConsoleBrand,
  type ContrastReport,
} from '@portal/contract';

export interface BrandDraft {
  nameEn: string;
  nameFr: string;
  appTitle: string;
  /** As typed: a colour may be half-written while the person types it. */
  colors: Record<BrandColorName, string>;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function draftOf(brand: ConsoleBrand): BrandDraft {
  return { nameEn: brand.nameEn, nameFr: brand.nameFr, appTitle: brand.appTitle ?? '', colors: { ...brand.colors } };
}

/** The colours not written as #rrggbb yet. */
export function invalidColors(draft: BrandDraft): BrandColorName[] {
  return BRAND_COLOR_NAMES.filter((name) => !HEX_COLOR.test(draft.colors[name]));
}

/** The contrast gate on the draft, as the server will apply it; null while a colour is not a colour yet. */
export function draftContrast(draft: BrandDraft): ContrastReport | null {
  if (invalidColors(draft).length > 0) return null;
  return checkBrandContrast(normalisedColors(draft));
}

export function normalisedColors(draft: BrandDraft): BrandColors {
  return Object.fromEntries(BRAND_COLOR_NAMES.map((name) => [name, draft.colors[name].toLowerCase()])) as BrandColors;
}

/** Groups of the colour fields, in the order the editor shows them. */
export const COLOR_GROUPS: { key: 'surfaces' | 'text' | 'actions' | 'login'; colors: BrandColorName[] }[] = [
  { key: 'surfaces', colors: ['body', 'card', 'header', 'footer', 'rowHighlight'] },
  { key: 'text', colors: ['text', 'title', 'secondary'] },
  { key: 'actions', colors: ['primary', 'buttonHover', 'linkHover', 'accent'] },
  { key: 'login', colors: ['loginBackground', 'loginGraphicPrimary', 'loginGraphicSecondary'] },
];
