import { describe, expect, it } from 'vitest';
import { translator } from './app-translator';
import { loadTextPart, markLoaded, showLanguage, translationsOf } from './language-bundles';

describe('the texts of a language switch', () => {
  it('fetches in the new language the part of a screen opened while the switch fetches its texts', async () => {
    translator.addTexts('en', await translationsOf('en'));
    markLoaded('en', 'everyone');
    // The staff's screen is opened right after the person chose French, before French arrived.
    const switching = showLanguage('fr');
    const opening = loadTextPart('staff');
    await Promise.all([switching, opening]);
    expect(translator.language).toBe('fr');
    expect(translator.t('userManagement.title')).toBe('Gestion des utilisateurs');
  });
});
