import { DEFAULT_LOCALE, VALIDATION_MESSAGE_VALUES } from '@portal/contract';
import type { TextKey } from './text-keys';
import { createTranslator } from './translator';

/**
 * The page's one translator. It starts without texts, in the default language; initI18n gives it
 * the lang cookie's language and that language's texts before anything is drawn.
 */
export const translator = createTranslator<TextKey>({
  language: DEFAULT_LOCALE,
  fallbackLanguage: DEFAULT_LOCALE,
  // Validation messages come from the contract as bare keys; their limits are filled in here.
  defaultValues: VALIDATION_MESSAGE_VALUES,
});
