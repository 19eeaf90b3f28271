import type { SearchOperation } from '../db/repositories/document-search.js';
import type { ReportAttribute } from '../db/repositories/documents.repository.js';

/** Case and accents aside: « echeance » is « Échéance ». */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function matches(word: string, operation: SearchOperation, text: string): boolean {
  const [value, needle] = [folded(word), folded(text)];
  switch (operation) {
    case 'equal':
      return value === needle;
    case 'startsWith':
      return value.startsWith(needle);
    case 'endsWith':
      return value.endsWith(needle);
    case 'contains':
      return value.includes(needle);
  }
}

/**
 * The stored values of an attribute whose English or French word matches a searched text: a
 * French reader sees « Renouvellement » where documents carry "Renewal", and finds them by the
 * word read. Words are few (at most a hundred per attribute), so they are matched here, and the
 * values found are searched as if typed.
 */
export function valuesNamedBy(attribute: ReportAttribute | undefined, operation: SearchOperation, text: string): string[] {
  if (!attribute) return [];
  return attribute.value_labels
    .filter((label) => matches(label.en, operation, text) || matches(label.fr, operation, text))
    .map((label) => label.value);
}
