import { describe, expect, it } from 'vitest';
import { readExperienceCodeFromUrl } from './experience-code';
import { toCssVariableName } from './brand-colors';

describe('readExperienceCodeFromUrl', () => {
  it('reads ?exp before the hash', () => {
    expect(readExperienceCodeFromUrl({ search: '?exp=NBF', hash: '#/login' })).toBe('NBF');
  });

  it('reads ?exp inside the hash', () => {
    expect(readExperienceCodeFromUrl({ search: '', hash: '#/login?exp=LAU' })).toBe('LAU');
  });

  it('has nothing to say without the parameter', () => {
    expect(readExperienceCodeFromUrl({ search: '', hash: '#/' })).toBeUndefined();
    expect(readExperienceCodeFromUrl({ search: '?exp=', hash: '' })).toBeUndefined();
  });
});

describe('toCssVariableName', () => {
  it('turns brand colour names into CSS variables', () => {
    expect(toCssVariableName('primary')).toBe('--portal-primary');
    expect(toCssVariableName('loginGraphicSecondary')).toBe('--portal-login-graphic-secondary');
  });
});
