import { EmailSchema, formatPhoneForDisplay, toE164 } from '@portal/contract';

/** Which contact the communication dialog changes. */
export type CommunicationKind = 'email' | 'phone';

/**
 * A typed e-mail address or phone number as the server will store it (lower-case address,
 * E.164 number), or the translation key of why it cannot be.
 */
export function normaliseContact(kind: CommunicationKind, typed: string): { value: string } | { errorKey: string } {
  if (kind === 'email') {
    const parsed = EmailSchema.safeParse(typed);
    return parsed.success ? { value: parsed.data.toLowerCase() } : { errorKey: parsed.error.issues[0]?.message ?? 'validation.required' };
  }
  if (typed.trim() === '') return { errorKey: 'validation.required' };
  const e164 = toE164(typed);
  return e164 ? { value: e164 } : { errorKey: 'validation.phoneInvalid' };
}

/** How the current contact reads in the step-1 field. */
export function displayContact(kind: CommunicationKind, stored: string): string {
  return kind === 'phone' ? formatPhoneForDisplay(stored) : stored;
}

export function isSameContact(kind: CommunicationKind, normalised: string, stored: string): boolean {
  return kind === 'email' ? normalised === stored.toLowerCase() : normalised === stored;
}
