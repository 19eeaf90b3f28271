import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StorageEnvShape } from '../apps/server/src/transports/storage/storage-config.js';
import { brokenLinks, headingAnchor, headingAnchors } from './markdown-links.js';

const root = path.resolve(import.meta.dirname, '..');
const README = path.join(root, 'README.md');
const DOCS = path.join(root, 'docs');
const DECISIONS = path.join(DOCS, 'decisions');
const CONFIGURATION = path.join(DOCS, 'configuration.md');
/** A newcomer reads the README in five minutes; the rest lives in docs/. */
const README_MAX_BYTES = 25 * 1024;
/** A decision record states one decision as it stands, not its history. */
const DECISION_MAX_BYTES = 8 * 1024;

function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return markdownFiles(file);
    return name.endsWith('.md') ? [file] : [];
  });
}

/** The variables the server's configuration schema reads, as config.ts declares them (storage's are merged in). */
function configuredVariables(): string[] {
  const source = readFileSync(path.join(root, 'apps/server/src/config.ts'), 'utf8');
  const schema = /const EnvSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(source)?.[1] ?? '';
  const own = [...schema.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
  const storage = schema.includes('...StorageEnvShape') ? Object.keys(StorageEnvShape) : [];
  return [...own, ...storage];
}

/** The variables named in the first column of the configuration page's tables of server settings. */
function documentedServerVariables(): string[] {
  const page = readFileSync(CONFIGURATION, 'utf8');
  const serverPart = page.split(/^## Read by the tools/m)[0]!;
  return [...serverPart.matchAll(/^\| ([^|]+) \|/gm)].flatMap((row) =>
    [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]+)(?:=[^`]*)?`/g)].map((name) => name[1]!),
  );
}

describe('the documentation', () => {
  it('keeps the README short enough to read in five minutes', () => {
    expect(statSync(README).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('keeps every decision record short', () => {
    const records = markdownFiles(DECISIONS);
    expect(records.length).toBeGreaterThan(20);
    const long = records
      .filter((file) => statSync(file).size > DECISION_MAX_BYTES)
      .map((file) => `${path.basename(file)}: ${statSync(file).size} bytes`);
    expect(long).toEqual([]);
  });

  it('has every relative link of the README and docs/ lead to a file, and to a heading when it names one', () => {
    const files = [README, ...markdownFiles(DOCS)];
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it('describes every variable of the configuration schema on the configuration page', () => {
    const variables = configuredVariables();
    expect(variables).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'STORAGE_URL', 'SEARCHES_PER_PERSON']));
    const documented = new Set(documentedServerVariables());
    expect(variables.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('describes no server setting the configuration schema no longer reads', () => {
    const variables = new Set(configuredVariables());
    expect(documentedServerVariables().filter((name) => !variables.has(name))).toEqual([]);
  });
});

describe('the link check', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'docs-shape-'));
  writeFileSync(path.join(folder, 'target.md'), '# A page\n\n## Its `first` part, and more\n\n## Twice\n\n## Twice\n');

  function linksOf(markdown: string): string[] {
    const file = path.join(folder, 'page.md');
    writeFileSync(file, markdown);
    return brokenLinks(file).map((entry) => entry.slice(file.length));
  }

  it('finds a link to a missing file, a missing heading and a heading of this page', () => {
    expect(linksOf('[a](missing.md) and ![b](missing.png)\n\n[c](target.md#nowhere) [d](#nothing-here)\n')).toEqual([
      ':1 missing.md: no such file',
      ':1 missing.png: no such file',
      ':3 target.md#nowhere: no heading with this anchor',
      ':3 #nothing-here: no heading with this anchor',
    ]);
  });

  it('accepts links that lead somewhere, and leaves addresses and code alone', () => {
    expect(
      linksOf(
        '# Here\n[a](target.md) [b](target.md#its-first-part-and-more) [c](target.md#twice-1) [d](#here)\n[e](https://example.com/x.md)\n`[f](missing.md)`\n```\n[g](missing.md)\n```\n',
      ),
    ).toEqual([]);
  });

  it('gives headings the anchors GitHub gives them', () => {
    expect(headingAnchor("What one call costs, and what it's for")).toBe('what-one-call-costs-and-what-its-for');
    expect(headingAnchor('`DATABASE_URL` and [deploy](deploy.md)')).toBe('database_url-and-deploy');
    expect([...headingAnchors('# Twice\n## Twice\n```\n# Not a heading\n```\n')]).toEqual(['twice', 'twice-1']);
  });
});
