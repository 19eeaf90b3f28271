import type en from './en.json';
import type staffEn from './staff/en.json';

/** Every leaf of a texts file as its dotted key: { auth: { login: { title } } } gives 'auth.login.title'. */
type LeafKeys<Tree, Prefix extends string = ''> = {
  [Name in keyof Tree & string]: Tree[Name] extends string ? `${Prefix}${Name}` : LeafKeys<Tree[Name], `${Prefix}${Name}.`>;
}[keyof Tree & string];

/** A plural is asked for by its base key ('documents.selectedCount'), its `count` choosing the form. */
type WithPluralBases<Key extends string> =
  Key | (Key extends `${infer Base}_one` ? Base : never) | (Key extends `${infer Base}_other` ? Base : never);

/**
 * The keys of the English texts, both parts (see language-bundles.ts): a misspelt key is a compile
 * error. Worked out once here, so the compiler does not walk the files again at each call.
 */
export type TextKey = WithPluralBases<LeafKeys<typeof en> | LeafKeys<typeof staffEn>>;
