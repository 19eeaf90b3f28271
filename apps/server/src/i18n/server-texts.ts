import type { Locale } from '@portal/contract';
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };

/** Every dotted path to a text of en.json, so that a key that is not there fails type-checking. */
type TextKeyOf<Tree, Prefix extends string = ''> = {
  [Key in keyof Tree & string]: Tree[Key] extends string ? `${Prefix}${Key}` : TextKeyOf<Tree[Key], `${Prefix}${Key}.`>;
}[keyof Tree & string];

export type ServerTextKey = TextKeyOf<typeof en>;
/** The names under one group of texts, e.g. the columns of 'usageReports.headers'. */
export type ServerTextNamesIn<Group extends string, Key = ServerTextKey> = Key extends `${Group}.${infer Name}` ? Name : never;
export type ServerTextParams = Record<string, string | number>;

type TextTree = { [key: string]: string | TextTree };

function flatten(tree: TextTree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(dotted, value);
    else flatten(value, dotted, into);
  }
  return into;
}

// Typed as en.json, so that fr.json missing a text fails type-checking too; scripts/check-translations.ts
// also proves that no text is empty and that both languages use the same {{placeholders}}.
const TREES: Record<Locale, typeof en> = { en, fr };
/** Flattened once: some texts are read for every row of a spreadsheet. */
const TEXTS = Object.fromEntries(Object.entries(TREES).map(([language, tree]) => [language, flatten(tree)])) as Record<
  Locale,
  Map<string, string>
>;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * A text the server writes itself (messages, confirmations, spreadsheet words) in the given language,
 * with its {{placeholders}} filled in. Values are inserted as they are, in one pass: a value that
 * looks like a placeholder stays as typed, and escaping is the business of whoever writes HTML.
 */
export function serverText(language: Locale, key: ServerTextKey, params: ServerTextParams = {}): string {
  const text = TEXTS[language].get(key);
  if (text === undefined) throw new Error(`No ${language} server text for ${key}`);
  return text.replace(PLACEHOLDER, (_placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The server text ${key} needs a value for {{${name}}}`);
    return String(value);
  });
}
