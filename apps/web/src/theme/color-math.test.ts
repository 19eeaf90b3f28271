import { describe, expect, it } from 'vitest';
import { buildColorScale, contrastRatio, ensureContrast, isDarkColor, readableTextOn } from './color-math';

describe('color math', () => {
  it('measures WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
  });

  it('picks readable text', () => {
    expect(isDarkColor('#173028')).toBe(true);
    expect(readableTextOn('#ffffff')).not.toBe('#ffffff');
    expect(readableTextOn('#173028')).toBe('#ffffff');
  });

  it('puts the brand colour at the shade filled buttons use', () => {
    const scale = buildColorScale('#17825E');
    expect(scale).toHaveLength(10);
    expect(scale[6]).toBe('#17825e');
  });

  it('darkens a colour until it reads on its background', () => {
    const adjusted = ensureContrast('#88c0a0', '#ffffff');
    expect(contrastRatio(adjusted, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ensureContrast('#1f2329', '#ffffff')).toBe('#1f2329');
  });
});
