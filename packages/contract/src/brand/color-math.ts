/** Colour arithmetic on #rrggbb strings: WCAG contrast, readable text, shades. Shared by the web (theming) and the server (the contrast gate). */
export type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function toHex([red, green, blue]: Rgb): string {
  return `#${[red, green, blue].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((index) => from[index]! + (to[index]! - from[index]!) * amount) as Rgb;
}

export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];
/** The dark text colour the portal writes on light surfaces (Mantine's, a near-black). */
export const DARK_TEXT = '#1a1b1e';
export const LIGHT_TEXT = '#ffffff';

/** WCAG 2.2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [red, green, blue] = parseHex(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Whether white text reads better than the dark text on this background. */
export function isDarkColor(hex: string): boolean {
  return contrastRatio(hex, LIGHT_TEXT) >= contrastRatio(hex, DARK_TEXT);
}

/** The text colour the portal writes on this background: white or near-black, whichever reads better. */
export function readableTextOn(background: string): string {
  return isDarkColor(background) ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * Darkens (or lightens, on dark backgrounds) a colour until it reaches the ratio against the
 * background: the web's last line of defence for brand data saved before the contrast gate.
 */
export function ensureContrast(foreground: string, background: string, minimumRatio = 4.5): string {
  if (contrastRatio(foreground, background) >= minimumRatio) return foreground;
  const target = isDarkColor(background) ? WHITE : BLACK;
  const base = parseHex(foreground);
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const candidate = toHex(mix(base, target, amount));
    if (contrastRatio(candidate, background) >= minimumRatio) return candidate;
  }
  return toHex(target);
}
