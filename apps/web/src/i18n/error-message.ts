import { ERROR_KEYS } from '@portal/contract';
import { isApiError } from '../lib/api-error';
import { translateKey } from '../lib/error-text';
import { translator } from './app-translator';

/**
 * The text to show for a failed call: the translation of the server's error key when we
 * have one, else the server's own message, else the generic text.
 */
export function describeError(error: unknown): string {
  if (isApiError(error)) {
    if (translator.exists(error.key)) return translateKey(error.key);
    if (error.msg) return error.msg;
  }
  return translateKey(ERROR_KEYS.unexpected);
}
