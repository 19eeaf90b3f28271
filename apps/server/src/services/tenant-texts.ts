import type { TenantTextRow } from '../db/repositories/tenants.repository.js';

export type TextProblem = 'missingEn' | 'missingFr' | 'identical';

export interface IncompleteTenantText extends TenantTextRow {
  problem: TextProblem;
}

/** Spaces and case aside: "Relevé " and "relevé" are one text. */
const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The texts present in one language and missing, or merely copied, in the other. A text empty in
 * both languages is not a gap (an optional description); a text the same in both is, unless it
 * is a number or a code (nothing to translate in "T4" or "2026").
 */
export function findIncompleteTexts(texts: TenantTextRow[]): IncompleteTenantText[] {
  return texts.flatMap((text): IncompleteTenantText[] => {
    const [en, fr] = [normalise(text.en), normalise(text.fr)];
    if (!en && !fr) return [];
    if (!en) return [{ ...text, problem: 'missingEn' }];
    if (!fr) return [{ ...text, problem: 'missingFr' }];
    if (en === fr && /\p{L}{2,}/u.test(en) && !/^[\p{Lu}\d\s\-.]+$/u.test(text.en.trim())) return [{ ...text, problem: 'identical' }];
    return [];
  });
}
