import { encodePng } from '../apps/server/src/db/seed/png';

/** A real PNG image of one colour, made by the encoder the demo seed draws its images with. */
export function solidPng(width: number, height: number, [red, green, blue]: [number, number, number] = [28, 95, 168]): Buffer {
  const colour = [red, green, blue, 255] as const;
  return encodePng(width, height, () => colour);
}
