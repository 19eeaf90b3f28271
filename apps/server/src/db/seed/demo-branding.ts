import type { BrandColors } from '@portal/contract';

/** The eleven demo experiences; the first is the default. Each gets its own hue, mark and name. */
export interface DemoExperience {
  code: string;
  clientCode: string;
  nameEn: string;
  nameFr: string;
  hue: number;
  mark: 'circle' | 'square' | 'triangle' | 'diamond' | 'hexagon';
  appTitle: string | null;
  /** Some experiences have an English logo distinct from the (French) default one. */
  hasEnglishLogo: boolean;
}

export const DEMO_EXPERIENCES: DemoExperience[] = [
  {
    code: 'NBF',
    clientCode: 'NBF',
    nameEn: 'Northbridge Financial',
    nameFr: 'Financière Northbridge',
    hue: 212,
    mark: 'circle',
    appTitle: 'Northbridge Documents',
    hasEnglishLogo: false,
  },
  {
    code: 'NBW',
    clientCode: 'NBF',
    nameEn: 'Northbridge Wealth',
    nameFr: 'Gestion de patrimoine Northbridge',
    hue: 160,
    mark: 'diamond',
    appTitle: null,
    hasEnglishLogo: true,
  },
  {
    code: 'NBI',
    clientCode: 'NBF',
    nameEn: 'Northbridge Insurance',
    nameFr: 'Assurance Northbridge',
    hue: 280,
    mark: 'hexagon',
    appTitle: 'Northbridge Insurance Portal',
    hasEnglishLogo: false,
  },
  {
    code: 'NBB',
    clientCode: 'NBF',
    nameEn: 'Northbridge Business',
    nameFr: 'Northbridge Entreprises',
    hue: 24,
    mark: 'square',
    appTitle: null,
    hasEnglishLogo: true,
  },
  {
    code: 'NBP',
    clientCode: 'NBF',
    nameEn: 'Northbridge Private',
    nameFr: 'Northbridge Privé',
    hue: 340,
    mark: 'triangle',
    appTitle: null,
    hasEnglishLogo: false,
  },
  {
    code: 'NBD',
    clientCode: 'NBF',
    nameEn: 'Northbridge Direct',
    nameFr: 'Northbridge en direct',
    hue: 190,
    mark: 'circle',
    appTitle: null,
    hasEnglishLogo: false,
  },
  {
    code: 'LAU',
    clientCode: 'LAU',
    nameEn: 'Laurentian Utilities',
    nameFr: 'Services publics Laurentiens',
    hue: 130,
    mark: 'hexagon',
    appTitle: 'Laurentian Customer Centre',
    hasEnglishLogo: true,
  },
  {
    code: 'LAE',
    clientCode: 'LAU',
    nameEn: 'Laurentian Energy',
    nameFr: 'Énergie Laurentienne',
    hue: 45,
    mark: 'triangle',
    appTitle: null,
    hasEnglishLogo: true,
  },
  {
    code: 'LAW',
    clientCode: 'LAU',
    nameEn: 'Laurentian Water',
    nameFr: 'Eau Laurentienne',
    hue: 200,
    mark: 'diamond',
    appTitle: null,
    hasEnglishLogo: true,
  },
  {
    code: 'LAG',
    clientCode: 'LAU',
    nameEn: 'Laurentian Gas',
    nameFr: 'Gaz Laurentien',
    hue: 0,
    mark: 'square',
    appTitle: null,
    hasEnglishLogo: true,
  },
  {
    code: 'LAT',
    clientCode: 'LAU',
    nameEn: 'Laurentian Telecom',
    nameFr: 'Télécom Laurentienne',
    hue: 255,
    mark: 'circle',
    appTitle: 'Laurentian Telecom Self-Service',
    hasEnglishLogo: true,
  },
];

function hsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(255 * value)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** A palette whose text and button colours keep WCAG AA contrast on their backgrounds. */
export function buildPalette(hue: number): BrandColors {
  return {
    primary: hsl(hue, 70, 30),
    accent: hsl((hue + 35) % 360, 65, 32),
    secondary: hsl(hue, 25, 32),
    linkHover: hsl(hue, 80, 22),
    buttonHover: hsl(hue, 75, 22),
    text: '#1f2329',
    title: hsl(hue, 60, 20),
    card: '#ffffff',
    body: hsl(hue, 30, 97),
    header: '#ffffff',
    footer: hsl(hue, 35, 14),
    loginBackground: hsl(hue, 45, 94),
    rowHighlight: hsl(hue, 70, 93),
    loginGraphicPrimary: hsl(hue, 70, 45),
    loginGraphicSecondary: hsl((hue + 40) % 360, 70, 62),
  };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function markShape(mark: DemoExperience['mark'], fill: string, size: number): string {
  const h = size / 2;
  switch (mark) {
    case 'circle':
      return `<circle cx="${h}" cy="${h}" r="${h - 2}" fill="${fill}"/>`;
    case 'square':
      return `<rect x="3" y="3" width="${size - 6}" height="${size - 6}" rx="6" fill="${fill}"/>`;
    case 'triangle':
      return `<polygon points="${h},2 ${size - 2},${size - 4} 2,${size - 4}" fill="${fill}"/>`;
    case 'diamond':
      return `<polygon points="${h},1 ${size - 1},${h} ${h},${size - 1} 1,${h}" fill="${fill}"/>`;
    case 'hexagon': {
      const q = size / 4;
      return `<polygon points="${q},2 ${3 * q},2 ${size - 1},${h} ${3 * q},${size - 2} ${q},${size - 2} 1,${h}" fill="${fill}"/>`;
    }
  }
}

/**
 * The word of an experience's name that both languages share ("Northbridge"); none when the names
 * share no word ("Laurentian Utilities", "Services publics Laurentiens"): the logo is then its mark alone.
 */
export function languageNeutralName(experience: Pick<DemoExperience, 'nameEn' | 'nameFr'>): string {
  const french = new Set(experience.nameFr.split(' '));
  return experience.nameEn.split(' ').find((word) => french.has(word)) ?? '';
}

/**
 * The size a logo declares, as a multiple of the 48-pixel-high box it is drawn in: the portal draws
 * logos within the experience's maximum width and height, and a phone's screen has two or three
 * device pixels per CSS pixel, so a logo that declares only its drawn size reads as blurry to a
 * browser's audit (and is, when it is a bitmap).
 */
const LOGO_DECLARED_SCALE = 3;

/** A wordmark's font size, each character's width and each line's baseline, in the 48-unit-high box, by its number of lines. */
const WORDMARK_STYLES = [
  { size: 17, advance: 10.5, baselines: [31] },
  { size: 16, advance: 9.9, baselines: [21, 40] },
  { size: 13, advance: 8.05, baselines: [16, 30, 44] },
] as const;
/** The logo box the portal draws logos in unless the experience says otherwise (experiences.logo_max_width). */
const DEFAULT_LOGO_BOX_WIDTH = 180;
const MARK_WIDTH = 56;

/** Every way to break the words into `count` lines, in order. */
function splitsOf(words: string[], count: number): string[][] {
  if (count === 1) return [[words.join(' ')]];
  const splits: string[][] = [];
  for (let first = 1; first <= words.length - count + 1; first++) {
    for (const rest of splitsOf(words.slice(first), count - 1)) splits.push([words.slice(0, first).join(' '), ...rest]);
  }
  return splits;
}

/** How large a wordmark's words are once the logo is drawn within the default box. */
function drawnSizeOf(lines: string[]): number {
  const style = WORDMARK_STYLES[lines.length - 1]!;
  const width = MARK_WIDTH + Math.max(...lines.map((line) => line.length)) * style.advance;
  return style.size * Math.min(1, DEFAULT_LOGO_BOX_WIDTH / width);
}

/**
 * The name on one, two or three lines, whichever reads largest once drawn within the portal's
 * logo box: on one line a long name ("Services publics Laurentiens") shrank to 9 px.
 */
export function wordmarkLines(name: string): string[] {
  const words = name.split(' ');
  let best = [name];
  for (let count = 2; count <= Math.min(WORDMARK_STYLES.length, words.length); count++) {
    for (const lines of splitsOf(words, count)) if (drawnSizeOf(lines) > drawnSizeOf(best) + 0.5) best = lines;
  }
  return best;
}

/**
 * A logo: the experience's mark and initials beside its name, in the given text colour. A long
 * name is set on two or three lines, so that the logo is not so wide that the portal's box
 * (180 × 48 by default) shrinks its words below a readable size.
 */
export function buildLogoSvg(experience: DemoExperience, name: string, textColor: string): string {
  const colors = buildPalette(experience.hue);
  const initials = experience.code.slice(0, 2);
  const lines = wordmarkLines(name);
  const style = WORDMARK_STYLES[lines.length - 1]!;
  const longestLine = Math.max(...lines.map((line) => line.length));
  const width = MARK_WIDTH + Math.round(longestLine * style.advance);
  const declared = `width="${width * LOGO_DECLARED_SCALE}" height="${48 * LOGO_DECLARED_SCALE}"`;
  const words = lines
    .map(
      (line, index) =>
        `<text x="54" y="${style.baselines[index]}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${style.size}" font-weight="700" fill="${textColor}">${escapeXml(line)}</text>`,
    )
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" ${declared} viewBox="0 0 ${width} 48" role="img">
<title>${escapeXml(name)}</title>
<g transform="translate(2 2)">${markShape(experience.mark, colors.loginGraphicPrimary, 44)}
<text x="22" y="28" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="14" font-weight="700" fill="#ffffff">${initials}</text></g>
${words}
</svg>`;
}

export function buildFaviconSvg(experience: DemoExperience): string {
  const colors = buildPalette(experience.hue);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">${markShape(experience.mark, colors.primary, 32)}
<text x="16" y="21" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="12" font-weight="700" fill="#ffffff">${experience.code.slice(0, 1)}</text></svg>`;
}
