import { describe, expect, it } from 'vitest';
import { formatDate, formatDay } from './format';

describe('formatDay', () => {
  it('writes the first of a month as the French ordinal, and other days as numbers', () => {
    expect(formatDay('2026-10-01', 'fr')).toBe('1er oct. 2026');
    expect(formatDay('2026-10-02', 'fr')).toBe('2 oct. 2026');
    expect(formatDay('2026-10-11', 'fr')).toBe('11 oct. 2026');
    expect(formatDay('2026-10-21', 'fr')).toBe('21 oct. 2026');
  });

  it('leaves English as Intl writes it', () => {
    expect(formatDay('2026-10-01', 'en')).toBe('Oct 1, 2026');
  });
});

describe('formatDate', () => {
  it('writes the ordinal in long French dates too, and not in numeric ones', () => {
    expect(formatDate('2026-10-01T12:00:00Z', 'fr', { dateStyle: 'long', timeZone: 'UTC' })).toBe('1er octobre 2026');
    expect(formatDate('2026-10-01T12:00:00Z', 'fr', { dateStyle: 'short', timeZone: 'UTC' })).toBe('2026-10-01');
  });
});
