import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast, isDarkColor, readableTextOn } from './color-math.js';

describe('color math', () => {
  // Reference ratios as published by WCAG checkers (WebAIM's contrast checker rounds to two decimals).
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#767676', '#ffffff', 4.54],
    ['#777777', '#ffffff', 4.48],
    ['#0000ff', '#ffffff', 8.59],
    ['#ff0000', '#ffffff', 4],
    ['#008000', '#ffffff', 5.14],
    ['#595959', '#ffffff', 7],
  ])('measures %s on %s as %s:1', (foreground, background, ratio) => {
    expect(Math.round(contrastRatio(foreground, background) * 100) / 100).toBe(ratio);
    expect(contrastRatio(background, foreground)).toBe(contrastRatio(foreground, background));
  });

  it('picks readable text', () => {
    expect(isDarkColor('#173028')).toBe(true);
    expect(readableTextOn('#ffffff')).not.toBe('#ffffff');
    expect(readableTextOn('#173028')).toBe('#ffffff');
  });

  it('darkens a colour until it reads on its background', () => {
    const adjusted = ensureContrast('#88c0a0', '#ffffff');
    expect(contrastRatio(adjusted, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ensureContrast('#1f2329', '#ffffff')).toBe('#1f2329');
  });
});
