import { describe, expect, it } from 'vitest';
import { displayContact, isSameContact, normaliseContact } from './contact-value';

describe('normaliseContact', () => {
  it('lower-cases a valid e-mail address and explains an invalid one', () => {
    expect(normaliseContact('email', ' Camille.New@Example.com ')).toEqual({ value: 'camille.new@example.com' });
    expect(normaliseContact('email', 'camille@')).toEqual({ errorKey: 'validation.emailInvalidFormat' });
    expect(normaliseContact('email', 'a@b.c')).toEqual({ errorKey: 'validation.emailInvalidLength' });
  });

  it('turns a Canadian number as typed into E.164', () => {
    expect(normaliseContact('phone', '(514) 555-0123')).toEqual({ value: '+15145550123' });
    expect(normaliseContact('phone', '514 555 01')).toEqual({ errorKey: 'validation.phoneInvalid' });
    expect(normaliseContact('phone', '  ')).toEqual({ errorKey: 'validation.required' });
  });
});

describe('isSameContact and displayContact', () => {
  it('compares addresses regardless of case, numbers exactly', () => {
    expect(isSameContact('email', 'camille@example.com', 'Camille@Example.com')).toBe(true);
    expect(isSameContact('phone', '+15145550123', '+15145550124')).toBe(false);
  });

  it('shows a North American number the spec way', () => {
    expect(displayContact('phone', '+15145550123')).toBe('(514) 555-0123');
    expect(displayContact('email', 'camille@example.com')).toBe('camille@example.com');
  });
});
