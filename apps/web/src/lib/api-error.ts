import { ERROR_KEYS, ErrorResponseSchema } from '@portal/contract';

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

/** A refusal as the contract describes it (`{ success: false, error, msg }`); anything else is unexpected. */
export function toApiError(status: number, payload: unknown): ApiError {
  const parsed = ErrorResponseSchema.safeParse(payload);
  if (parsed.success) return new ApiError(status, parsed.data.error, parsed.data.msg, payload);
  return createUnexpectedError(status, `HTTP ${status}`, payload);
}
