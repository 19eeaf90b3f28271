import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { readRetryAfterSeconds } from './retry-after';

describe('readRetryAfterSeconds', () => {
  it('reads the wait a 429 announces, rounded up', () => {
    const error = new ApiError(429, 'errors.resendTooSoon', 'wait', { success: false, retryAfterSeconds: 12.2 });
    expect(readRetryAfterSeconds(error)).toBe(13);
  });

  it('ignores other statuses and answers without a usable wait', () => {
    expect(readRetryAfterSeconds(new ApiError(400, 'errors.codeInvalid', 'no', { retryAfterSeconds: 5 }))).toBeUndefined();
    expect(readRetryAfterSeconds(new ApiError(429, 'errors.tooManyRequests', 'no', { retryAfterSeconds: 'soon' }))).toBeUndefined();
    expect(readRetryAfterSeconds(new Error('boom'))).toBeUndefined();
  });
});
