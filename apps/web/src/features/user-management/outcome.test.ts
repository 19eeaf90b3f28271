import { beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../i18n/app-translator';
import en from '../../i18n/en.json';
import { ApiError, createUnexpectedError } from '../../lib/api-error';
import { failureOutcome } from './outcome';

const TITLE = 'Error occurred during save';

beforeAll(() => {
  translator.addTexts('en', en);
});

describe('the error dialog of a failed change', () => {
  it('shows the heading and the translation of an error key the web knows', () => {
    const error = new ApiError(400, 'errors.usernameTaken', 'This username already exists.');
    expect(failureOutcome(error, TITLE)).toEqual({ kind: 'error', title: TITLE, text: 'This username already exists.' });
  });

  it('shows the server’s own message when its key is unknown', () => {
    const error = new ApiError(400, 'errors.somethingNew', 'Something new went wrong.');
    expect(failureOutcome(error, TITLE)).toEqual({ kind: 'error', title: TITLE, text: 'Something new went wrong.' });
  });

  it('shows only the generic text when the server could not be reached', () => {
    expect(failureOutcome(createUnexpectedError(0, 'Failed to fetch'), TITLE)).toEqual({
      kind: 'error',
      title: '',
      text: en.errors.unexpected,
    });
  });
});
