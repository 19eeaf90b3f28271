import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFailureReport, toCsvField } from './failure-report.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'import-report-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the failure report', () => {
  it('quotes only the values that need it', () => {
    expect(toCsvField('plain')).toBe('plain');
    expect(toCsvField(null)).toBe('');
    expect(toCsvField(422)).toBe('422');
    expect(toCsvField('a,b')).toBe('"a,b"');
    expect(toCsvField('say "no"')).toBe('"say ""no"""');
    expect(toCsvField('two\nlines')).toBe('"two\nlines"');
    expect(toCsvField(' padded')).toBe('" padded"');
  });

  it('writes nothing when no row failed', async () => {
    const report = createFailureReport(path.join(dir, 'clean.csv'));
    await report.close();
    await expect(access(path.join(dir, 'clean.csv'))).rejects.toThrow();
  });

  it('fails the call, rather than the process, when the report cannot be written', async () => {
    const report = createFailureReport(path.join(dir, 'no-such-folder', 'failed.csv'));
    const failed = { line: 2, externalId: 'A', file: 'a.pdf', status: 400, key: 'errors.validation', field: '', message: 'bad' };
    await report.add(failed).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(report.add(failed)).rejects.toThrow(/ENOENT/);
    await expect(report.close()).rejects.toThrow(/ENOENT/);
  });

  it('writes a header and one line per failed row, readable back as CSV', async () => {
    const file = path.join(dir, 'failed.csv');
    const report = createFailureReport(file);
    await Promise.all([
      report.add({
        line: 3,
        externalId: 'A,1',
        file: 'a.pdf',
        status: 400,
        key: 'errors.validation',
        field: 'attributes.colour',
        message: 'Unknown "colour"',
      }),
      report.add({
        line: 7,
        externalId: 'B-2',
        file: 'missing.pdf',
        status: null,
        key: 'import.fileNotFound',
        field: 'file',
        message: 'not found\nanywhere',
      }),
    ]);
    await report.close();
    expect(report.count).toBe(2);
    const rows = parse(await readFile(file, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        row: '3',
        externalId: 'A,1',
        file: 'a.pdf',
        httpStatus: '400',
        errorKey: 'errors.validation',
        field: 'attributes.colour',
        message: 'Unknown "colour"',
      },
      {
        row: '7',
        externalId: 'B-2',
        file: 'missing.pdf',
        httpStatus: '',
        errorKey: 'import.fileNotFound',
        field: 'file',
        message: 'not found\nanywhere',
      },
    ]);
  });
});
