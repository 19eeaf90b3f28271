import 'i18next';
import type en from './en.json';

// Typed keys: a misspelt translation key is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    returnNull: false;
  }
}
