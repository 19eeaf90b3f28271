import type { MantineColorsTuple } from '@mantine/core';

/** Colour arithmetic on #rrggbb strings, enough to derive shades and pick readable text. */
type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([red, green, blue]: Rgb): string {
  return `#${[red, green, blue].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((index) => from[index]! + (to[index]! - from[index]!) * amount) as Rgb;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [red, green, blue] = parseHex(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Whether white text reads better than black text on this background. */
export function isDarkColor(hex: string): boolean {
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#000000');
}

export function readableTextOn(background: string): string {
  return isDarkColor(background) ? '#ffffff' : '#1a1b1e';
}

/**
 * Mantine wants ten shades per colour. The brand colour itself sits at index 6, the shade
 * Mantine uses for filled buttons in light mode, so buttons show exactly the brand colour.
 */
export function buildColorScale(hex: string): MantineColorsTuple {
  const base = parseHex(hex);
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  const lighter = [0.92, 0.84, 0.7, 0.55, 0.4, 0.2].map((amount) => toHex(mix(base, white, amount)));
  const darker = [0.12, 0.24, 0.36].map((amount) => toHex(mix(base, black, amount)));
  return [...lighter, hex.toLowerCase(), ...darker] as unknown as MantineColorsTuple;
}

/**
 * Darkens (or lightens, on dark backgrounds) a colour until it reaches the WCAG AA ratio
 * for normal text against the background, so brand data cannot make text unreadable.
 */
export function ensureContrast(foreground: string, background: string, minimumRatio = 4.5): string {
  if (contrastRatio(foreground, background) >= minimumRatio) return foreground;
  const target: Rgb = isDarkColor(background) ? [255, 255, 255] : [0, 0, 0];
  const base = parseHex(foreground);
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const candidate = toHex(mix(base, target, amount));
    if (contrastRatio(candidate, background) >= minimumRatio) return candidate;
  }
  return toHex(target);
}
