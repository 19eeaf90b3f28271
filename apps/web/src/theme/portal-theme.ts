import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import type { BrandColors } from '@portal/contract';
import { ensureContrast, readableTextOn } from '@portal/contract';
import { buildColorScale } from './color-math';

/** The Mantine colour name that carries the experience's primary colour. */
export const BRAND_COLOR = 'brand';

/**
 * Mantine's theme for one experience: the brand's primary colour drives every primary
 * component, filled buttons hover in the brand's button-hover colour, and text on filled
 * surfaces is black or white, whichever reads better. `closeLabel` names the close buttons
 * that are icons alone, in the reader's language.
 */
export function createPortalTheme(colors: BrandColors, closeLabel: string): MantineThemeOverride {
  const variantColorResolver: VariantColorsResolver = (input) => {
    const defaults = defaultVariantColorsResolver(input);
    const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
    if (parsed.color !== BRAND_COLOR) return defaults;
    if (input.variant === 'filled') {
      return {
        ...defaults,
        background: colors.primary,
        color: readableTextOn(colors.primary),
        hover: colors.buttonHover,
        hoverColor: readableTextOn(colors.buttonHover),
      };
    }
    if (input.variant === 'subtle' || input.variant === 'light' || input.variant === 'outline') {
      return { ...defaults, color: ensureContrast(colors.primary, colors.card) };
    }
    return defaults;
  };

  return createTheme({
    // Dialogs, drawers and menus appear without their transitions for people who ask for less motion.
    respectReducedMotion: true,
    primaryColor: BRAND_COLOR,
    primaryShade: 6,
    colors: { [BRAND_COLOR]: buildColorScale(colors.primary) },
    autoContrast: true,
    variantColorResolver,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    defaultRadius: 'md',
    focusRing: 'auto',
    components: {
      Card: { defaultProps: { withBorder: true }, styles: { root: { backgroundColor: 'var(--portal-card)' } } },
      // A notification's close button is an icon alone: it needs its name for screen readers.
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      // A dialog's or drawer's title bar is a <header>: browsers exposed it as a second banner
      // landmark beside the page's own while it was open. A plain block keeps one banner.
      ModalHeader: { defaultProps: { component: 'div' } },
      DrawerHeader: { defaultProps: { component: 'div' } },
    },
  });
}

/** Body, text and link colours of Mantine's own variables follow the brand too. */
export function createCssVariablesResolver(colors: BrandColors): CSSVariablesResolver {
  return () => ({
    variables: {},
    light: {
      '--mantine-color-body': colors.body,
      '--mantine-color-text': ensureContrast(colors.text, colors.body),
      '--mantine-color-anchor': ensureContrast(colors.primary, colors.card),
      // Mantine's default grey for hints and descriptions is below the AA contrast ratio on white.
      '--mantine-color-dimmed': ensureContrast('#868e96', colors.card),
      // Likewise its red for field errors (3.6:1 on white).
      '--mantine-color-error': ensureContrast('#fa5252', colors.card),
    },
    dark: {},
  });
}
