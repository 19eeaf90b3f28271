import type { DigestFrequency } from '@portal/contract';

/** A person's digest choice as the settings screen reads it. */
export function presentDigestPreference(frequency: DigestFrequency) {
  return { success: true as const, digest: { frequency } };
}
