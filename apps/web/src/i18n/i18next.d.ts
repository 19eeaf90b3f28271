import 'i18next';
import type en from './en.json';
import type staffEn from './staff/en.json';

// Typed keys: a misspelt translation key is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The administration screens' texts are a file of their own (see language-bundles.ts).
    resources: { translation: typeof en & typeof staffEn };
    returnNull: false;
  }
}
