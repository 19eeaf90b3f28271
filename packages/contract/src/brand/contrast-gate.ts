import type { BrandColorName, BrandColors } from '../schemas/branding.js';
import { BLACK, contrastRatio, mix, parseHex, readableTextOn, toHex, WHITE } from './color-math.js';

/** WCAG 2.2 AA: body text 4.5:1; large text (headings) and the boundaries of controls 3:1. */
export const CONTRAST_MINIMUMS = { text: 4.5, largeText: 3, control: 3 } as const;
export type ContrastKind = keyof typeof CONTRAST_MINIMUMS;

/**
 * A pair of colours the portal draws one on the other. `adjusts` is the brand colour a failing
 * pair is fixed by (the other side is a surface many pairs share). Where the foreground is the
 * label the portal picks itself (white or near-black, see readableTextOn), `foreground` is null.
 */
export interface ContrastPairRule {
  id: string;
  foreground: BrandColorName | null;
  background: BrandColorName;
  kind: ContrastKind;
  adjusts: BrandColorName;
}

/** Every text/background and control/background pair a brand produces, as the web draws them. */
export const CONTRAST_PAIRS: readonly ContrastPairRule[] = [
  { id: 'textOnBody', foreground: 'text', background: 'body', kind: 'text', adjusts: 'text' },
  { id: 'textOnCard', foreground: 'text', background: 'card', kind: 'text', adjusts: 'text' },
  { id: 'textOnHighlightedRow', foreground: 'text', background: 'rowHighlight', kind: 'text', adjusts: 'rowHighlight' },
  { id: 'titleOnBody', foreground: 'title', background: 'body', kind: 'largeText', adjusts: 'title' },
  { id: 'titleOnCard', foreground: 'title', background: 'card', kind: 'largeText', adjusts: 'title' },
  { id: 'linkOnCard', foreground: 'primary', background: 'card', kind: 'text', adjusts: 'primary' },
  { id: 'linkHoverOnCard', foreground: 'linkHover', background: 'card', kind: 'text', adjusts: 'linkHover' },
  { id: 'buttonLabel', foreground: null, background: 'primary', kind: 'text', adjusts: 'primary' },
  { id: 'buttonOnCard', foreground: 'primary', background: 'card', kind: 'control', adjusts: 'primary' },
  { id: 'buttonHoverLabel', foreground: null, background: 'buttonHover', kind: 'text', adjusts: 'buttonHover' },
  { id: 'headerText', foreground: null, background: 'header', kind: 'text', adjusts: 'header' },
  { id: 'activeMenuMark', foreground: 'accent', background: 'header', kind: 'control', adjusts: 'accent' },
  { id: 'footerText', foreground: null, background: 'footer', kind: 'text', adjusts: 'footer' },
  { id: 'loginText', foreground: null, background: 'loginBackground', kind: 'text', adjusts: 'loginBackground' },
];

export interface MeasuredPair {
  id: string;
  foreground: BrandColorName | null;
  background: BrandColorName;
  /** The colours measured: the label the portal picks when foreground is null. */
  foregroundColor: string;
  backgroundColor: string;
  ratio: number;
  minimum: number;
  passes: boolean;
  adjusts: BrandColorName;
}

export interface ContrastSuggestion {
  color: BrandColorName;
  current: string;
  /** The nearest shade of the colour (by how little it moves toward black or white) with which every pair it fixes passes. */
  suggested: string;
}

export interface ContrastReport {
  passes: boolean;
  pairs: MeasuredPair[];
  failing: MeasuredPair[];
  suggestions: ContrastSuggestion[];
}

function measure(rule: ContrastPairRule, colors: BrandColors): MeasuredPair {
  const backgroundColor = colors[rule.background];
  const foregroundColor = rule.foreground ? colors[rule.foreground] : readableTextOn(backgroundColor);
  const ratio = contrastRatio(foregroundColor, backgroundColor);
  const minimum = CONTRAST_MINIMUMS[rule.kind];
  // Unrounded, as WCAG means it: 4.499 fails even where a checker would display 4.50.
  return { ...rule, foregroundColor, backgroundColor, ratio, minimum, passes: ratio >= minimum };
}

/** Every pair of the brand, measured. */
export function measureBrandContrast(colors: BrandColors): MeasuredPair[] {
  return CONTRAST_PAIRS.map((rule) => measure(rule, colors));
}

/** Shades of a colour ever further toward black and toward white, nearest first. */
function* shadesOf(hex: string): Generator<string> {
  const base = parseHex(hex);
  for (let step = 1; step <= 100; step++) {
    yield toHex(mix(base, BLACK, step / 100));
    yield toHex(mix(base, WHITE, step / 100));
  }
}

const touches = (rule: ContrastPairRule, color: BrandColorName) => rule.foreground === color || rule.background === color;

/**
 * The nearest shade of `color` with which every pair it fixes passes, and every other pair it is
 * part of that passes now still does (a darker text must not fail on the highlighted row); null
 * when none does.
 */
export function nearestPassingShade(colors: BrandColors, color: BrandColorName): string | null {
  const rules = CONTRAST_PAIRS.filter((rule) => rule.adjusts === color || (touches(rule, color) && measure(rule, colors).passes));
  for (const candidate of shadesOf(colors[color])) {
    const trial = { ...colors, [color]: candidate };
    if (rules.every((rule) => measure(rule, trial).passes)) return candidate;
  }
  return null;
}

/**
 * The contrast gate: a brand is saved only when every pair it produces passes WCAG 2.2 AA. A
 * failing brand gets, for each colour that fixes a failing pair, the nearest shade that passes.
 * The shades are found in turn, each with the ones before it applied, so that taken together
 * they pass: found apart, two colours of one pair would each be fixed against the other's old value.
 */
export function checkBrandContrast(colors: BrandColors): ContrastReport {
  const pairs = measureBrandContrast(colors);
  const failing = pairs.filter((pair) => !pair.passes);
  const colorsToFix = [...new Set(failing.map((pair) => pair.adjusts))];
  let withShades = colors;
  const suggestions: ContrastSuggestion[] = [];
  for (const color of colorsToFix) {
    const suggested = nearestPassingShade(withShades, color);
    if (!suggested) continue;
    suggestions.push({ color, current: colors[color], suggested });
    withShades = { ...withShades, [color]: suggested };
  }
  return { passes: failing.length === 0, pairs, failing, suggestions };
}
