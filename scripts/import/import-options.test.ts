import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseImportArguments, UsageError } from './import-options.js';

const base = ['--url', 'http://localhost:8080/', '--folder', './pdfs', '--manifest', './data/manifest.csv'];
const env = { PORTAL_API_KEY: 'cpk_from_environment' };

function optionsOf(argv: string[], environment: NodeJS.ProcessEnv = env) {
  const command = parseImportArguments(argv, environment);
  if (command.kind !== 'run') throw new Error('expected a run');
  return command.options;
}

describe('the import command line', () => {
  it('reads the required options, with the defaults beside them', () => {
    const options = optionsOf(base);
    expect(options).toEqual({
      url: 'http://localhost:8080',
      key: 'cpk_from_environment',
      folder: path.resolve('pdfs'),
      manifest: path.resolve('data/manifest.csv'),
      manifestFormat: 'csv',
      type: null,
      concurrency: 4,
      retries: 3,
      timeoutMs: 300_000,
      report: path.resolve('data/import-report.csv'),
    });
  });

  it('takes every option that changes a default', () => {
    const options = optionsOf([
      ...base,
      '--type',
      'NBF-STMT',
      '--concurrency',
      '8',
      '--retries',
      '0',
      '--timeout',
      '30',
      '--report',
      '/tmp/failed.csv',
    ]);
    expect(options).toMatchObject({ type: 'NBF-STMT', concurrency: 8, retries: 0, timeoutMs: 30_000, report: '/tmp/failed.csv' });
  });

  it('prefers --key to the environment, and needs one of them', () => {
    expect(optionsOf([...base, '--key', 'cpk_typed']).key).toBe('cpk_typed');
    expect(() => parseImportArguments(base, {})).toThrow(/PORTAL_API_KEY/);
  });

  it('reads .ndjson and .jsonl manifests as NDJSON, anything else as CSV', () => {
    const withManifest = (name: string) => optionsOf(['--url', 'http://x', '--folder', '.', '--manifest', name]).manifestFormat;
    expect(withManifest('rows.ndjson')).toBe('ndjson');
    expect(withManifest('rows.JSONL')).toBe('ndjson');
    expect(withManifest('rows.csv')).toBe('csv');
    expect(withManifest('rows.txt')).toBe('csv');
  });

  it('answers help before checking anything else', () => {
    expect(parseImportArguments(['--help'], {})).toEqual({ kind: 'help' });
    expect(parseImportArguments(['-h', '--url', 'nonsense'], {})).toEqual({ kind: 'help' });
  });

  it.each([
    [['--folder', '.', '--manifest', 'm.csv'], /--url is required/],
    [['--url', 'ftp://host', '--folder', '.', '--manifest', 'm.csv'], /http:\/\/ or https:\/\//],
    [['--url', 'not an address', '--folder', '.', '--manifest', 'm.csv'], /not an address/],
    [['--url', 'http://x', '--manifest', 'm.csv'], /--folder is required/],
    [['--url', 'http://x', '--folder', '.'], /--manifest is required/],
    [[...base, '--concurrency', '0'], /between 1 and 64/],
    [[...base, '--concurrency', '100'], /between 1 and 64/],
    [[...base, '--concurrency', 'four'], /whole number/],
    [[...base, '--retries=-1'], /whole number/],
    [[...base, '--retries', '-1'], /ambiguous/],
    [[...base, '--colour', 'blue'], /Unknown option '--colour'/],
    [[...base, 'stray'], /positional/],
  ])('refuses %j as a usage error', (argv, message) => {
    expect(() => parseImportArguments(argv, env)).toThrow(UsageError);
    expect(() => parseImportArguments(argv, env)).toThrow(message);
  });
});
