import { describe, expect, it } from 'vitest';
import { buildColorScale } from './color-math';

describe('brand colour scale', () => {
  it('puts the brand colour at the shade filled buttons use', () => {
    const scale = buildColorScale('#17825E');
    expect(scale).toHaveLength(10);
    expect(scale[6]).toBe('#17825e');
    expect(scale[0]).not.toBe(scale[9]);
  });
});
