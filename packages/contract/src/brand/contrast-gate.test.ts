import { describe, expect, it } from 'vitest';
import type { BrandColors } from '../schemas/branding.js';
import { contrastRatio, readableTextOn } from './color-math.js';
import { checkBrandContrast, CONTRAST_PAIRS, nearestPassingShade } from './contrast-gate.js';
import { FALLBACK_BRAND_COLORS } from './fallback-colors.js';

const PASSING: BrandColors = FALLBACK_BRAND_COLORS;

describe('the brand contrast gate', () => {
  it('passes a brand whose every pair reaches WCAG AA', () => {
    const report = checkBrandContrast(PASSING);
    expect(report.failing).toEqual([]);
    expect(report.passes).toBe(true);
    expect(report.pairs).toHaveLength(CONTRAST_PAIRS.length);
  });

  it('names the failing pairs of a light primary, and offers the nearest shade with which they all pass', () => {
    const report = checkBrandContrast({ ...PASSING, primary: '#7fb2e5' });
    expect(report.passes).toBe(false);
    expect(report.failing.map((pair) => pair.id).sort()).toEqual(['buttonOnCard', 'linkOnCard']);
    const [suggestion] = report.suggestions;
    expect(suggestion).toMatchObject({ color: 'primary', current: '#7fb2e5' });
    expect(checkBrandContrast({ ...PASSING, primary: suggestion!.suggested }).passes).toBe(true);
    // Nearest: one step less toward black fails again.
    expect(contrastRatio(suggestion!.suggested, '#ffffff')).toBeLessThan(5);
  });

  it('measures the label the portal writes itself (white or near-black) on coloured surfaces', () => {
    const report = checkBrandContrast({ ...PASSING, header: '#808080' });
    const header = report.pairs.find((pair) => pair.id === 'headerText')!;
    expect(header.foregroundColor).toBe(readableTextOn('#808080'));
    expect(header.passes).toBe(false);
    expect(report.suggestions.map((s) => s.color)).toContain('header');
  });

  it('holds large text and controls to 3:1 and body text to 4.5:1', () => {
    // #949494 on white is 3.03:1: enough for a heading, not for body text.
    const report = checkBrandContrast({ ...PASSING, title: '#949494', text: '#949494' });
    expect(report.pairs.find((pair) => pair.id === 'titleOnCard')!.passes).toBe(true);
    expect(report.pairs.find((pair) => pair.id === 'textOnCard')!.passes).toBe(false);
  });

  it('finds no shade when the other side of the pair leaves none', () => {
    // Text on a mid-grey body and a white card: only a dark text passes both, and it exists.
    expect(nearestPassingShade({ ...PASSING, text: '#cccccc' }, 'text')).not.toBeNull();
    // A highlighted row must carry text that passes on it: the row colour is the one adjusted.
    expect(nearestPassingShade({ ...PASSING, rowHighlight: '#000000', text: '#000000' }, 'rowHighlight')).not.toBeNull();
  });
  it('offers shades that pass together: each one is found with the ones before it applied, and breaks no passing pair', () => {
    // Grey text fails on the white surfaces, and on the highlighted row, which the row's colour fixes.
    const colors = { ...PASSING, text: '#777777', rowHighlight: '#dddddd' };
    const report = checkBrandContrast(colors);
    expect(report.suggestions.map((suggestion) => suggestion.color).sort()).toEqual(['rowHighlight', 'text']);
    const allApplied = Object.fromEntries(report.suggestions.map((suggestion) => [suggestion.color, suggestion.suggested]));
    expect(checkBrandContrast({ ...colors, ...allApplied }).failing).toEqual([]);
  });
});
