import { BRAND_COLOR_NAMES, ensureContrast, readableTextOn, type BrandColorName, type BrandColors } from '@portal/contract';

/** `loginBackground` becomes `--portal-login-background`. */
export function toCssVariableName(name: BrandColorName): string {
  return `--portal-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * Text colours derived from the brand so that whatever the experience's data says, text
 * keeps the WCAG AA contrast against the surface it sits on.
 */
export function deriveReadableColors(colors: BrandColors) {
  return {
    '--portal-on-header': readableTextOn(colors.header),
    '--portal-on-footer': readableTextOn(colors.footer),
    '--portal-on-primary': readableTextOn(colors.primary),
    '--portal-on-button-hover': readableTextOn(colors.buttonHover),
    '--portal-on-login-background': readableTextOn(colors.loginBackground),
    '--portal-text-on-body': ensureContrast(colors.text, colors.body),
    '--portal-text-on-card': ensureContrast(colors.text, colors.card),
    '--portal-title-on-body': ensureContrast(colors.title, colors.body),
    '--portal-title-on-card': ensureContrast(colors.title, colors.card),
    '--portal-link-on-card': ensureContrast(colors.primary, colors.card),
    '--portal-link-hover-on-card': ensureContrast(colors.linkHover, colors.card),
  };
}

/** Writes every brand colour, and the readable text colours derived from them, on :root. */
export function applyBrandColors(colors: BrandColors, root: HTMLElement = document.documentElement): void {
  for (const name of BRAND_COLOR_NAMES) root.style.setProperty(toCssVariableName(name), colors[name]);
  for (const [variable, value] of Object.entries(deriveReadableColors(colors))) root.style.setProperty(variable, value);
}
