import { QUICK_SEARCH_MAX_FIELDS, type LoggedInUser, type QuickSearch } from '@portal/contract';
import { getStoredUser, setStoredUser } from '../../../lib/stored-user';

export type SearchPreferences = LoggedInUser['searchPreference'];

/** What a quick search starts from; `fields` is null when none of the remembered fields can still be searched. */
export interface QuickSearchPreset {
  fields: string[] | null;
  operation: QuickSearch['operation'];
}

/**
 * The fields and operation a person last searched a type with. A type's searchable fields can change
 * after the preference was saved, so only those still searchable are kept, and never more than allowed.
 */
export function presetOf(preferences: SearchPreferences, reportCode: string, searchable: readonly string[]): QuickSearchPreset | null {
  const saved = preferences.find((preference) => preference.IndexDefinitionCode === reportCode);
  if (!saved) return null;
  const known = new Set(searchable);
  const fields = [...new Set(saved.SearchColumns)].filter((name) => known.has(name)).slice(0, QUICK_SEARCH_MAX_FIELDS);
  return { fields: fields.length > 0 ? fields : null, operation: saved.SearchMethod as QuickSearch['operation'] };
}

/** The preferences once a type was searched: its entry replaced, as the server records it. */
export function withSearchPreference(preferences: SearchPreferences, reportCode: string, search: QuickSearch): SearchPreferences {
  return [
    ...preferences.filter((preference) => preference.IndexDefinitionCode !== reportCode),
    { IndexDefinitionCode: reportCode, SearchMethod: search.operation, SearchColumns: search.fields },
  ];
}

/**
 * Keeps the stored user in step with the preference the server has just recorded, so that a list
 * opened again before the next sign-in starts from it too.
 */
export function rememberSearchPreference(reportCode: string, search: QuickSearch): void {
  const user = getStoredUser();
  if (user) setStoredUser({ ...user, searchPreference: withSearchPreference(user.searchPreference, reportCode, search) });
}
