import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/**
 * The browser's passkey calls, through SimpleWebAuthn, loaded only when a passkey is used: the
 * sign-in page's first load does not carry them. The options come from the server's half of the
 * same library, so they are handed over as they are.
 */
const library = () => import('@simplewebauthn/browser');

export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

export async function createPasskey(options: { challenge: string }) {
  const { startRegistration } = await library();
  return startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
}

export async function signWithPasskey(options: { challenge: string }) {
  const { startAuthentication } = await library();
  return startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
}

/** What went wrong in the browser's own passkey prompt, in words the person can act on (a translation key). */
export function passkeyProblemOf(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const code = (error as Error & { code?: string }).code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'errors.passkeyAlreadyRegistered';
  const cause = (error as Error & { cause?: unknown }).cause;
  const name = cause instanceof Error ? cause.name : error.name;
  // The person closed the prompt, it timed out, or no authenticator answered.
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return 'passkeys.cancelled';
  if (name === 'InvalidStateError') return 'errors.passkeyAlreadyRegistered';
  if (name === 'SecurityError' || name === 'NotSupportedError') return 'passkeys.unsupported';
  return null;
}
