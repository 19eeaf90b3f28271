import { describeError } from '../../i18n/error-message';
import { isApiError } from '../../lib/api-error';

/** What the last change came to: the server's confirmation, or why it failed. */
export type Outcome = { kind: 'success'; text: string } | { kind: 'error'; title: string; text: string };

/**
 * The error of a failed change (spec section 8): a heading such as 'Error occurred during save'
 * and the server's message (its translation when the key is known). When the server could not
 * be reached there is nothing more to say than the generic text.
 */
export function failureOutcome(error: unknown, title: string): Outcome {
  return { kind: 'error', title: isNetworkFailure(error) ? '' : title, text: describeError(error) };
}

/** The server could not be reached at all (the API client reports status 0). */
export function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && error.status === 0;
}
