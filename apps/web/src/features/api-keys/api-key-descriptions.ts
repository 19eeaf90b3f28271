import type { ApiKeySummary, Locale } from '@portal/contract';
import { pickBilingual } from '../../i18n/pick-bilingual';

/** The key's document types in the reader's language, or null when it reaches every type of its client. */
export function describeTypes(key: Pick<ApiKeySummary, 'types'>, language: Locale): string | null {
  if (key.types === null) return null;
  return key.types.map((type) => pickBilingual(language, { en: type.titleEn, fr: type.titleFr })).join(', ');
}

/** What people see of a key: its first characters, with an ellipsis saying the rest is secret. */
export function maskedKey(prefix: string): string {
  return `${prefix}…`;
}
