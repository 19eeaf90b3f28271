import { describe, expect, it } from 'vitest';
import { BRAND_COLOR_NAMES, FALLBACK_BRAND_COLORS } from '@portal/contract';
import { COLOR_GROUPS, draftContrast, invalidColors, type BrandDraft } from './brand-draft';

const DRAFT: BrandDraft = {
  nameEn: 'Wealth',
  nameFr: 'Patrimoine',
  appTitle: '',
  colors: { ...FALLBACK_BRAND_COLORS },
};

describe('a brand draft', () => {
  it('offers every colour in exactly one group', () => {
    expect(COLOR_GROUPS.flatMap((group) => group.colors).sort()).toEqual([...BRAND_COLOR_NAMES].sort());
  });

  it('waits for half-typed colours before judging contrast', () => {
    const typing = { ...DRAFT, colors: { ...DRAFT.colors, primary: '#1c5' } };
    expect(invalidColors(typing)).toEqual(['primary']);
    expect(draftContrast(typing)).toBeNull();
    expect(draftContrast(DRAFT)?.passes).toBe(true);
  });
});
