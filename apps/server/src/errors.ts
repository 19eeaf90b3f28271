import { ERROR_KEYS } from '@portal/contract';

/**
 * A failure the client should hear about. Thrown anywhere below the routes and mapped
 * once, by the error plugin, to `{ success: false, error, msg }` with its status.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = () => new AppError(401, ERROR_KEYS.sessionExpired, 'Session expired');
export const forbidden = () => new AppError(403, ERROR_KEYS.forbidden, 'You are not allowed to do this.');
export const notFound = () => new AppError(404, ERROR_KEYS.notFound, 'Not found');
export const smsUnavailable = () => new AppError(400, ERROR_KEYS.smsUnavailable, 'Codes cannot be sent by SMS to this account.');
