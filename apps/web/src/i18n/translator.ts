import type { Locale } from '@portal/contract';

/** A language's texts as the JSON files hold them: nested by area, a text at each leaf. */
export interface Texts {
  readonly [name: string]: string | Texts;
}

/**
 * What a text's {{placeholders}} are filled with. `count` also chooses between a plural's forms
 * (`key_one`, `key_other`) by the rules of the language shown.
 */
export type TextValues = { readonly count?: number } & Readonly<Record<string, string | number | null | undefined>>;

/** A text by its dotted key ('auth.login.title'), its placeholders filled in. */
export type Translate<Key extends string = string> = (key: Key, values?: TextValues) => string;

/** The current language with its `t`; a new one after each change, so React can tell one happened. */
export interface TranslationState<Key extends string = string> {
  readonly language: Locale;
  readonly t: Translate<Key>;
}

export interface Translator<Key extends string = string> {
  readonly language: Locale;
  /** In the current language, whichever it is when called. */
  readonly t: Translate<Key>;
  /** In `language` whatever the page shows (a preview of the other language). */
  fixedT(language: Locale): Translate<Key>;
  /** Whether a key known only at run time (a server's error key) has a text here. */
  exists(key: string): boolean;
  /** Merges a part of a language's texts into those already here. */
  addTexts(language: Locale, texts: Texts): void;
  changeLanguage(language: Locale): void;
  state(): TranslationState<Key>;
  /** Called after every change of language and every arrival of texts that may be on screen. */
  subscribe(listener: () => void): () => void;
}

interface TranslatorOptions {
  language: Locale;
  /** Whose texts stand in for a key the current language lacks. */
  fallbackLanguage: Locale;
  /** Placeholders every text may name without its caller passing them (the validation limits). */
  defaultValues?: Readonly<Record<string, string | number>>;
}

const PLACEHOLDER = /{{(.+?)}}/g;

function textAt(texts: Texts | undefined, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const name of key.split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, name)) return undefined;
    node = node[name];
  }
  return typeof node === 'string' ? node : undefined;
}

function merged(into: Texts, added: Texts): Texts {
  const result: Record<string, string | Texts> = { ...into };
  for (const [name, value] of Object.entries(added)) {
    const existing = result[name];
    result[name] = typeof value !== 'string' && existing !== undefined && typeof existing !== 'string' ? merged(existing, value) : value;
  }
  return result;
}

/**
 * Holds the texts of each language loaded so far and finds a key's text: the current language's,
 * else the fallback language's, else the key itself (a missing text shows where it belongs rather
 * than nothing).
 */
export function createTranslator<Key extends string = string>(options: TranslatorOptions): Translator<Key> {
  const textsByLanguage = new Map<Locale, Texts>();
  const pluralRules = new Map<Locale, Intl.PluralRules>();
  const listeners = new Set<() => void>();
  const defaultValues = options.defaultValues ?? {};
  let language = options.language;

  /**
   * The texts write two forms, `_one` and `_other`, chosen by the language's own rules (French
   * counts 0 as one). A form they do not write (French "many", for millions) reads as `_other`.
   */
  function pluralFormOf(textLanguage: Locale, count: number): 'one' | 'other' {
    let rules = pluralRules.get(textLanguage);
    if (!rules) {
      rules = new Intl.PluralRules(textLanguage);
      pluralRules.set(textLanguage, rules);
    }
    return rules.select(count) === 'one' ? 'one' : 'other';
  }

  /** Where a key's text is looked for, first to last: in each language, a count's plural form before the bare key. */
  function find(key: string, shownLanguage: Locale, count: number | undefined): string | undefined {
    const languages = shownLanguage === options.fallbackLanguage ? [shownLanguage] : [shownLanguage, options.fallbackLanguage];
    for (const textLanguage of languages) {
      const texts = textsByLanguage.get(textLanguage);
      const text = (count !== undefined ? textAt(texts, `${key}_${pluralFormOf(textLanguage, count)}`) : undefined) ?? textAt(texts, key);
      if (text !== undefined) return text;
    }
    return undefined;
  }

  /** No HTML escaping: React escapes what it renders. A placeholder nobody filled stays as written, to be noticed. */
  function fill(text: string, values: TextValues | undefined): string {
    return text.replace(PLACEHOLDER, (placeholder, written: string) => {
      const name = written.trim();
      if (values && Object.hasOwn(values, name)) return String(values[name] ?? '');
      return Object.hasOwn(defaultValues, name) ? String(defaultValues[name]) : placeholder;
    });
  }

  function translateIn(shownLanguage: Locale): Translate<Key> {
    return (key, values) => fill(find(key, shownLanguage, values?.count) ?? key, values);
  }

  let state: TranslationState<Key> = { language, t: translateIn(language) };

  function changed(): void {
    state = { language, t: translateIn(language) };
    for (const listener of [...listeners]) listener();
  }

  return {
    get language() {
      return language;
    },
    t: (key, values) => state.t(key, values),
    fixedT: translateIn,
    exists: (key) => find(key, language, undefined) !== undefined,
    addTexts(textLanguage, texts) {
      textsByLanguage.set(textLanguage, merged(textsByLanguage.get(textLanguage) ?? {}, texts));
      // Another language's texts (fetched ahead of a switch) change nothing on screen until the switch.
      if (textLanguage === language || textLanguage === options.fallbackLanguage) changed();
    },
    changeLanguage(newLanguage) {
      language = newLanguage;
      changed();
    },
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
