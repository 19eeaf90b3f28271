import type { MantineColorsTuple } from '@mantine/core';
import { BLACK, mix, parseHex, toHex, WHITE } from '@portal/contract';

/**
 * Mantine wants ten shades per colour. The brand colour itself sits at index 6, the shade
 * Mantine uses for filled buttons in light mode, so buttons show exactly the brand colour.
 */
export function buildColorScale(hex: string): MantineColorsTuple {
  const base = parseHex(hex);
  const lighter = [0.92, 0.84, 0.7, 0.55, 0.4, 0.2].map((amount) => toHex(mix(base, WHITE, amount)));
  const darker = [0.12, 0.24, 0.36].map((amount) => toHex(mix(base, BLACK, amount)));
  return [...lighter, hex.toLowerCase(), ...darker] as unknown as MantineColorsTuple;
}
