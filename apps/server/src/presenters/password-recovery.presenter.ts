import type { Locale } from '@portal/contract';
import { serverText } from '../i18n/server-texts.js';

/** The same answer whether or not the account exists, so that it reveals nothing. */
export function presentResetRequested(language: Locale): string {
  return serverText(language, 'passwordRecovery.requested');
}

export function presentResetDone(language: Locale): string {
  return serverText(language, 'passwordRecovery.resetDone');
}
