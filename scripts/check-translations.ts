/**
 * Proves the translations are complete, the web's (apps/web/src/i18n) and those of the texts the
 * server writes itself (apps/server/src/i18n: messages, confirmations, spreadsheet words):
 *  - in each pair, en.json and fr.json have exactly the same keys (nested), none empty; the web's
 *    administration texts (apps/web/src/i18n/staff) are a pair of their own, sharing no key with the
 *    texts every visitor may see;
 *  - in the server's pair, each text has the same {{placeholders}} in both languages, each
 *    written {{name}} as the server fills them in (a text in either language then gets its values);
 *  - every `validation.*` / `errors.*` key the contract or the server can send, and every
 *    ERROR_KEYS value, has an English text on the web;
 *  - French texts follow French typography (french-typography.ts), and a French text the same as
 *    its English one is a word both languages share (SAME_IN_BOTH), not one left untranslated.
 * Exits 1 with the list of problems, else prints one OK line. With --fix, writes the French
 * files with their typography corrected first.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_KEYS } from '@portal/contract';
import { fixFrenchTypography, frenchTypographyProblems } from './french-typography.js';

/** Words spelled the same in English and French (with their placeholders), so a French text may equal the English one. */
const SAME_IN_BOTH = new Set([
  'OK',
  'OpenID Connect',
  'Webhooks',
  'Description',
  'SAML 2.0',
  'Id',
  'EN',
  'FR',
  'FAQ',
  'Menu',
  'Console',
  'Client',
  'Clients',
  'Division',
  'Actions',
  'Active',
  'Sessions',
  'Notifications',
  'Code',
  'Position',
  'Version',
  'Confirmation',
  'Date',
  'Dates',
  'Document',
  'Documents',
  'Types',
  'Images',
  'Logo',
  'Surfaces',
  'description',
  'question',
  'Page {{page}}',
  '{{page}} / {{count}}',
  '{{formatted}} document',
  '{{formatted}} documents',
  '{{title}} – {{count}} document',
  '{{title}} – {{count}} documents',
]);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webI18nDir = path.join(root, 'apps/web/src/i18n');
const webStaffI18nDir = path.join(webI18nDir, 'staff');
const serverI18nDir = path.join(root, 'apps/server/src/i18n');
/** Where error keys come from: the shared schemas, and the server's own refusals. */
const keySources = [path.join(root, 'packages/contract/src'), path.join(root, 'apps/server/src')];

type Tree = { [key: string]: string | Tree };

function readTree(dir: string, file: string): Tree {
  return JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Tree;
}

/** Every leaf as a dotted key with its text; a non-string leaf counts as empty. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [leaf, text] of flatten(value, dotted)) leaves.set(leaf, text);
    } else {
      leaves.set(dotted, typeof value === 'string' ? value : '');
    }
  }
  return leaves;
}

function listSourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listSourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** String literals such as 'validation.passwordInvalid' or "errors.lockedOut" in the contract and the server. */
function keysSentToTheWeb(): Set<string> {
  const used = new Set<string>(Object.values(ERROR_KEYS));
  const literal = /(['"`])((?:validation|errors)\.[A-Za-z0-9_.-]+)\1/g;
  for (const file of keySources.flatMap(listSourceFiles)) {
    for (const match of readFileSync(file, 'utf8').matchAll(literal)) used.add(match[2]!);
  }
  return used;
}

/** Every {{...}} of a text, as written between the braces, sorted. */
function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{([^{}]*)\}\}/g)].map((match) => match[1]!).sort();
}

/** The problems of one pair of files, each named by the folder it is in. */
function checkPair(dir: string, options: { placeholders: boolean }) {
  const where = path.relative(root, dir);
  const en = flatten(readTree(dir, 'en.json'));
  const fr = flatten(readTree(dir, 'fr.json'));
  const problems: string[] = [];
  for (const key of en.keys()) if (!fr.has(key)) problems.push(`missing in ${where}/fr.json: ${key}`);
  for (const key of fr.keys()) if (!en.has(key)) problems.push(`missing in ${where}/en.json: ${key}`);
  for (const [file, leaves] of [
    ['en.json', en],
    ['fr.json', fr],
  ] as const) {
    for (const [key, text] of leaves) if (text.trim() === '') problems.push(`empty in ${where}/${file}: ${key}`);
  }
  for (const [key, text] of fr) {
    for (const problem of frenchTypographyProblems(text)) problems.push(`French typography in ${where}/fr.json: ${key}: ${problem}`);
    if (en.get(key) === text && !SAME_IN_BOTH.has(text)) problems.push(`the same in English and French in ${where}: ${key} ("${text}")`);
  }
  if (options.placeholders) {
    for (const [file, leaves] of [
      ['en.json', en],
      ['fr.json', fr],
    ] as const) {
      for (const [key, text] of leaves) {
        const malformed = placeholdersOf(text).filter((name) => !/^\w+$/.test(name));
        if (malformed.length > 0)
          problems.push(`placeholder not written {{name}} in ${where}/${file}: ${key} ({{${malformed.join('}}, {{')}}})`);
      }
    }
    for (const [key, text] of en) {
      const other = fr.get(key);
      if (other !== undefined && placeholdersOf(text).join() !== placeholdersOf(other).join()) {
        problems.push(
          `different placeholders in ${where} en and fr: ${key} (${placeholdersOf(text).join(', ')} / ${placeholdersOf(other).join(', ')})`,
        );
      }
    }
  }
  return { en, problems };
}

/** Rewrites a French file with its typography corrected, keeping its order and layout. */
function fixFrenchFile(dir: string) {
  const fix = (tree: Tree): Tree =>
    Object.fromEntries(
      Object.entries(tree).map(([key, value]) => [key, typeof value === 'string' ? fixFrenchTypography(value) : fix(value)]),
    );
  writeFileSync(path.join(dir, 'fr.json'), `${JSON.stringify(fix(readTree(dir, 'fr.json')), null, 2)}\n`);
}
if (process.argv.includes('--fix')) for (const dir of [webI18nDir, webStaffI18nDir, serverI18nDir]) fixFrenchFile(dir);

const webEveryone = checkPair(webI18nDir, { placeholders: false });
const webStaff = checkPair(webStaffI18nDir, { placeholders: false });
const server = checkPair(serverI18nDir, { placeholders: true });
const problems = [...webEveryone.problems, ...webStaff.problems, ...server.problems];
// The parts are merged into one set of texts in the browser: a key in both would hide one of them.
for (const key of webStaff.en.keys()) if (webEveryone.en.has(key)) problems.push(`in both apps/web/src/i18n and its staff part: ${key}`);
// A refusal can reach any screen, before the administration part has been fetched: its words are everyone's.
for (const key of [...keysSentToTheWeb()].sort()) {
  if (!webEveryone.en.has(key)) problems.push(`sent by the contract or the server but missing in apps/web/src/i18n/en.json: ${key}`);
}

if (problems.length > 0) {
  console.error(`Translations check failed (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `Translations OK: ${webEveryone.en.size + webStaff.en.size} web keys and ${server.en.size} server texts in en and fr, ` +
    'every key the contract and server send translated, the server texts with the same placeholders in both, French typography kept.',
);
