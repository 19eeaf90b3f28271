import { ERROR_KEYS } from '@portal/contract';

/**
 * A failed call. `key` is the server's `error` field, which is a translation key
 * (or 'errors.unexpected' when the server could not be reached or answered nonsense).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly key: string,
    readonly msg: string,
    readonly body: unknown = undefined,
  ) {
    super(`${status} ${key}: ${msg}`);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function createUnexpectedError(status: number, msg: string, body?: unknown): ApiError {
  return new ApiError(status, ERROR_KEYS.unexpected, msg, body);
}
