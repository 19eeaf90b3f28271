import { describe, expect, it } from 'vitest';
import { BRAND_COLOR_NAMES } from '@portal/contract';
import { COLOR_GROUPS, draftContrast, invalidColors, type BrandDraft } from './brand-draft';

const DRAFT: BrandDraft = {
  nameEn: 'Wealth',
  nameFr: 'Patrimoine',
  appTitle: '',
  colors: {
    primary: '#1c5fa8',
    accent: '#b35f00',
    secondary: '#5c6b7a',
    linkHover: '#124173',
    buttonHover: '#174f8c',
    text: '#212529',
    title: '#1c3d5a',
    card: '#ffffff',
    body: '#f4f6f8',
    header: '#ffffff',
    footer: '#1c3d5a',
    loginBackground: '#e9eef3',
    rowHighlight: '#e7f0fa',
    loginGraphicPrimary: '#1c5fa8',
    loginGraphicSecondary: '#e07b00',
  },
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
