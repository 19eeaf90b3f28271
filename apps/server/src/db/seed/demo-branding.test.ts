import { describe, expect, it } from 'vitest';
import { checkBrandContrast } from '@portal/contract';
import { buildLogoSvg, buildPalette, DEMO_EXPERIENCES, languageNeutralName, wordmarkLines } from './demo-branding.js';

describe('the demo brands', () => {
  it.each(DEMO_EXPERIENCES.map((experience) => [experience.code, experience] as const))(
    '%s reaches WCAG 2.2 AA on every pair the portal draws',
    (_code, experience) => {
      expect(checkBrandContrast(buildPalette(experience.hue)).failing).toEqual([]);
    },
  );

  it('name a logo for both languages by the word the names share, or by nothing', () => {
    expect(languageNeutralName({ nameEn: 'Northbridge Financial', nameFr: 'Financière Northbridge' })).toBe('Northbridge');
    expect(languageNeutralName({ nameEn: 'Laurentian Utilities', nameFr: 'Services publics Laurentiens' })).toBe('');
  });

  it('sets every name large enough to read once drawn within the portal’s default logo box (180 × 48), in both languages', () => {
    for (const experience of DEMO_EXPERIENCES) {
      for (const name of [experience.nameEn, experience.nameFr]) {
        const svg = buildLogoSvg(experience, name, '#000000');
        const width = Number(/viewBox="0 0 (\d+) 48"/.exec(svg)![1]);
        const scale = Math.min(180 / width, 1);
        const sizes = [...svg.matchAll(/x="54" y="\d+" [^>]*font-size="(\d+)"/g)].map((match) => Number(match[1]));
        expect(sizes.length, name).toBeGreaterThan(0);
        for (const size of sizes) expect(size * scale, name).toBeGreaterThanOrEqual(12.5);
      }
    }
    expect(wordmarkLines('Services publics Laurentiens')).toEqual(['Services publics', 'Laurentiens']);
    expect(wordmarkLines('Northbridge')).toEqual(['Northbridge']);
  });
});
