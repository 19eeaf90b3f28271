/**
 * Proves the web's translations are complete:
 *  - en.json and fr.json have exactly the same keys (nested), none empty;
 *  - every `validation.*` / `errors.*` key the contract or the server can send, and every
 *    ERROR_KEYS value, has an English text.
 * Exits 1 with the list of problems, else prints one OK line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_KEYS } from '@portal/contract';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const i18nDir = path.join(root, 'apps/web/src/i18n');
/** Where error keys come from: the shared schemas, and the server's own refusals. */
const keySources = [path.join(root, 'packages/contract/src'), path.join(root, 'apps/server/src')];

type Tree = { [key: string]: string | Tree };

function readTree(file: string): Tree {
  return JSON.parse(readFileSync(path.join(i18nDir, file), 'utf8')) as Tree;
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

const en = flatten(readTree('en.json'));
const fr = flatten(readTree('fr.json'));
const problems: string[] = [];

for (const key of en.keys()) if (!fr.has(key)) problems.push(`missing in fr.json: ${key}`);
for (const key of fr.keys()) if (!en.has(key)) problems.push(`missing in en.json: ${key}`);
for (const [file, leaves] of [['en.json', en], ['fr.json', fr]] as const) {
  for (const [key, text] of leaves) if (text.trim() === '') problems.push(`empty in ${file}: ${key}`);
}
for (const key of [...keysSentToTheWeb()].sort()) {
  if (!en.has(key)) problems.push(`sent by the contract or the server but missing in en.json: ${key}`);
}

if (problems.length > 0) {
  console.error(`Translations check failed (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Translations OK: ${en.size} keys in en and fr, every key the contract and server send translated.`);
