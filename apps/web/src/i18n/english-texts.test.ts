import { describe, expect, it } from 'vitest';
import serverEnglish from '../../../server/src/i18n/en.json';
import english from './en.json';
import staffEnglish from './staff/en.json';

/** Mistakes the legacy portal's English carried, which must not come back with a copied text. */
const LEGACY_MISTAKES = [
  /unextected/i,
  /occured/i,
  /\bInformation are\b/i,
  /\bConfirmation do\b/i,
  /at least a document type/i,
  /less then/i,
];

function textsOf(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([name, value]: [string, unknown]) =>
    typeof value === 'string' ? [[`${prefix}${name}`, value] as [string, string]] : textsOf(value as object, `${prefix}${name}.`),
  );
}

describe('English texts', () => {
  it.each([
    ['web', english],
    ['web staff', staffEnglish],
    ['server', serverEnglish],
  ])('the %s texts carry none of the legacy portal’s mistakes', (_part, texts) => {
    const wrong = textsOf(texts).filter(([, text]) => LEGACY_MISTAKES.some((mistake) => mistake.test(text)));
    expect(wrong).toEqual([]);
  });

  it('says the legacy messages in correct English under their keys', () => {
    expect(english.errors.unexpected).toBe('An unexpected error occurred. Try again later or contact your support team.');
    expect(english.validation.confirmationMismatch).toBe('The confirmation does not match.');
    expect(english.errors.noDocumentTypeChosen).toBe('You must choose at least one document type.');
    expect(english.validation.nameTooLong).toBe('This field must be less than {{nameMax}} characters.');
  });
});
