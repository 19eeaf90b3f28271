import { describe, expect, it } from 'vitest';
import { checkBrandContrast } from '@portal/contract';
import { buildPalette, DEMO_EXPERIENCES, languageNeutralName } from './demo-branding.js';

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
});
