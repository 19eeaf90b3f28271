import i18next from 'i18next';
import { ERROR_KEYS } from '@portal/contract';
import { isApiError } from '../lib/api-error';

/**
 * The text to show for a failed call: the translation of the server's error key when we
 * have one, else the server's own message, else the generic text.
 */
export function describeError(error: unknown): string {
  if (isApiError(error)) {
    if (i18next.exists(error.key)) return i18next.t(error.key as never);
    if (error.msg) return error.msg;
  }
  return i18next.t(ERROR_KEYS.unexpected as never);
}
