import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from './translator';

const ENGLISH = {
  greeting: 'Hello {{name}}',
  limits: { password: 'At least {{passwordMin}} characters', markup: '<b>{{name}}</b>' },
  documents: { selected_one: '{{count}} document selected', selected_other: '{{count}} documents selected', page: 'Page {{count}}' },
  onlyInEnglish: 'Only in English',
};
const FRENCH = {
  greeting: 'Bonjour {{name}}',
  limits: { password: 'Au moins {{passwordMin}} caractères', markup: '<b>{{name}}</b>' },
  documents: { selected_one: '{{count}} document sélectionné', selected_other: '{{count}} documents sélectionnés', page: 'Page {{count}}' },
};

function translatorIn(language: 'en' | 'fr') {
  const translator = createTranslator({ language: 'en', fallbackLanguage: 'en', defaultValues: { passwordMin: 12 } });
  translator.addTexts('en', ENGLISH);
  translator.addTexts('fr', FRENCH);
  translator.changeLanguage(language);
  return translator;
}

describe('the translator', () => {
  it('finds a text by its dotted key and fills its placeholders, the default values where the caller gives none', () => {
    const { t } = translatorIn('en');
    expect(t('greeting', { name: 'Ann' })).toBe('Hello Ann');
    expect(t('limits.password')).toBe('At least 12 characters');
    expect(t('limits.password', { passwordMin: 8 })).toBe('At least 8 characters');
  });

  it('leaves escaping to React, and a placeholder nobody filled as written', () => {
    const { t } = translatorIn('en');
    expect(t('limits.markup', { name: '<i>Ann & Bob</i>' })).toBe('<b><i>Ann & Bob</i></b>');
    expect(t('greeting')).toBe('Hello {{name}}');
    expect(t('greeting', { name: undefined })).toBe('Hello ');
    // A value is put in as it is: no replacement pattern, no second round of placeholders.
    expect(t('greeting', { name: '$& {{name}}' })).toBe('Hello $& {{name}}');
  });

  it('chooses the plural form by the English rules: one for 1 only', () => {
    const { t } = translatorIn('en');
    expect(t('documents.selected', { count: 0 })).toBe('0 documents selected');
    expect(t('documents.selected', { count: 1 })).toBe('1 document selected');
    expect(t('documents.selected', { count: 2 })).toBe('2 documents selected');
  });

  it('chooses the plural form by the French rules: one for 0 and 1, other for millions', () => {
    const { t } = translatorIn('fr');
    expect(t('documents.selected', { count: 0 })).toBe('0 document sélectionné');
    expect(t('documents.selected', { count: 1 })).toBe('1 document sélectionné');
    expect(t('documents.selected', { count: 2 })).toBe('2 documents sélectionnés');
    expect(t('documents.selected', { count: 1_000_000 })).toBe('1000000 documents sélectionnés');
  });

  it('reads a count without plural forms from the bare key', () => {
    expect(translatorIn('fr').t('documents.page', { count: 3 })).toBe('Page 3');
  });

  it('falls back to the English text for a key French lacks, and to the key itself when neither has it', () => {
    const { t } = translatorIn('fr');
    expect(t('onlyInEnglish')).toBe('Only in English');
    expect(t('nowhere.at.all')).toBe('nowhere.at.all');
    expect(t('limits')).toBe('limits');
  });

  it('tells whether a key has a text in the current language or the fallback one', () => {
    const translator = translatorIn('fr');
    expect(translator.exists('greeting')).toBe(true);
    expect(translator.exists('onlyInEnglish')).toBe(true);
    expect(translator.exists('errors.somethingNew')).toBe(false);
    expect(translator.exists('limits')).toBe(false);
  });

  it('translates into a fixed language whatever the current one', () => {
    const translator = translatorIn('en');
    expect(translator.fixedT('fr')('greeting', { name: 'Ann' })).toBe('Bonjour Ann');
    expect(translator.t('greeting', { name: 'Ann' })).toBe('Hello Ann');
  });

  it('merges a part of a language’s texts into those already there', () => {
    const translator = translatorIn('en');
    translator.addTexts('en', { limits: { username: 'At most 50 characters' } });
    expect(translator.t('limits.username')).toBe('At most 50 characters');
    expect(translator.t('limits.password')).toBe('At least 12 characters');
  });

  it('tells its subscribers of a language change, with a new state in the new language', () => {
    const translator = translatorIn('en');
    const before = translator.state();
    const listener = vi.fn(() => expect(translator.state().t('greeting', { name: 'Ann' })).toBe('Bonjour Ann'));
    const unsubscribe = translator.subscribe(listener);
    translator.changeLanguage('fr');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(translator.language).toBe('fr');
    expect(translator.state()).not.toBe(before);
    expect(translator.state().language).toBe('fr');
    expect(translator.t('greeting', { name: 'Ann' })).toBe('Bonjour Ann');
    // The state a component rendered with keeps its language.
    expect(before.t('greeting', { name: 'Ann' })).toBe('Hello Ann');

    unsubscribe();
    translator.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('tells its subscribers when texts arrive in the language shown, not in another one', () => {
    const translator = translatorIn('fr');
    const listener = vi.fn();
    translator.subscribe(listener);
    translator.addTexts('fr', { console: { title: 'Console' } });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(translator.state().t('console.title')).toBe('Console');

    const englishPage = translatorIn('en');
    const englishListener = vi.fn();
    englishPage.subscribe(englishListener);
    englishPage.addTexts('fr', { console: { title: 'Console' } });
    expect(englishListener).not.toHaveBeenCalled();
  });
});
