import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { readFieldIssues } from './field-issues';

describe('readFieldIssues', () => {
  it('keeps the first message of each known field', () => {
    const error = new ApiError(400, 'errors.registrationUsernameTaken', 'taken', {
      success: false,
      error: 'errors.registrationUsernameTaken',
      msg: 'taken',
      issues: [
        { path: 'userName', message: 'errors.registrationUsernameTaken' },
        { path: 'userName', message: 'validation.usernameInvalid' },
        { path: 'email', message: 'errors.registrationEmailInvalid' },
        { path: 'somethingElse', message: 'validation.required' },
      ],
    });
    expect(readFieldIssues(error, ['userName', 'email', 'password'] as const)).toEqual({
      userName: 'errors.registrationUsernameTaken',
      email: 'errors.registrationEmailInvalid',
    });
  });

  it('finds nothing in answers without issues or in other failures', () => {
    expect(
      readFieldIssues(new ApiError(429, 'errors.tooManyRequests', 'wait', { success: false, error: 'x', msg: 'y' }), ['email']),
    ).toEqual({});
    expect(readFieldIssues(new Error('boom'), ['email'])).toEqual({});
  });
});
