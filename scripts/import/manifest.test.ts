import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from './import-options.js';
import { countManifestRows, ManifestError, readManifest, type ManifestEntry } from './manifest.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'import-manifest-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function manifestOf(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

async function readAll(file: string, defaultType: string | null = null): Promise<ManifestEntry[]> {
  const entries: ManifestEntry[] = [];
  const format = file.endsWith('.csv') ? 'csv' : 'ndjson';
  for await (const entry of readManifest(file, format, defaultType)) entries.push(entry);
  return entries;
}

describe('a CSV manifest', () => {
  it('gives each row its fields, its attributes from the other columns, and its line', async () => {
    const file = await manifestOf(
      'rows.csv',
      '\uFEFFexternalId,file,documentDate,language,type,accountNumber,postalCode\r\n' +
        'A-1,a.pdf,2026-01-31,fr,NBF-STMT,NB-1,H2X 1Y4\r\n' +
        '\r\n' +
        '"A,2",sub/b.pdf,2026-02-28,,,NB-2,"H3A\n2B2"\r\n',
    );
    expect(await readAll(file, 'NBF-TAX')).toEqual([
      {
        row: {
          line: 2,
          type: 'NBF-STMT',
          externalId: 'A-1',
          file: 'a.pdf',
          documentDate: '2026-01-31',
          language: 'fr',
          attributes: { accountNumber: 'NB-1', postalCode: 'H2X 1Y4' },
        },
      },
      {
        row: {
          line: 5,
          type: 'NBF-TAX',
          externalId: 'A,2',
          file: 'sub/b.pdf',
          documentDate: '2026-02-28',
          language: null,
          attributes: { accountNumber: 'NB-2', postalCode: 'H3A\n2B2' },
        },
      },
    ]);
    expect(await countManifestRows(file, 'csv')).toBe(2);
  });

  it('leaves empty attribute cells out of the row', async () => {
    const file = await manifestOf('empty-cells.csv', 'externalId,file,documentDate,accountNumber,colour\nA-1,a.pdf,2026-01-31,NB-1,\n');
    const [entry] = await readAll(file, 'NBF-STMT');
    expect(entry).toMatchObject({ row: { attributes: { accountNumber: 'NB-1' } } });
  });

  it('rejects a row with a missing field or a wrong number of values, and goes on', async () => {
    const file = await manifestOf(
      'bad-rows.csv',
      'externalId,file,documentDate,type\n,a.pdf,2026-01-31,T\nB-1,b.pdf,,T\nC-1,c.pdf,2026-01-31\nD-1,d.pdf,2026-01-31,\nE-1,e.pdf,2026-01-31,T\n',
    );
    const entries = await readAll(file);
    expect(entries.map((entry) => ('rejected' in entry ? [entry.rejected.line, entry.rejected.field] : 'row'))).toEqual([
      [2, 'externalId'],
      [3, 'documentDate'],
      [4, ''],
      [5, 'type'],
      'row',
    ]);
    expect(entries[1]).toMatchObject({ rejected: { externalId: 'B-1', file: 'b.pdf', key: 'import.rowInvalid' } });
  });

  it.each([
    ['externalId,file\n', /lacks the column\(s\) documentDate/],
    ['externalId,file,documentDate\n', /give the document type with --type/],
    ['externalId,file,documentDate,type,type\n', /names the column "type" twice/],
    ['externalId,file,documentDate,,type\n', /column without a name/],
    ['', /empty/],
  ])('refuses the header of %j before any row', async (text, message) => {
    const file = await manifestOf('header.csv', text);
    await expect(readAll(file)).rejects.toThrow(UsageError);
    await expect(readAll(file)).rejects.toThrow(message);
  });

  it('stops on a manifest that is not CSV past some line', async () => {
    const file = await manifestOf('broken.csv', 'externalId,file,documentDate,type\nA-1,a.pdf,2026-01-31,T\n"B-1,b.pdf,2026-01-31,T\n');
    await expect(readAll(file)).rejects.toThrow(ManifestError);
  });
});

describe('an NDJSON manifest', () => {
  it('reads one document per line, attributes as text, blank lines skipped', async () => {
    const file = await manifestOf(
      'rows.ndjson',
      [
        JSON.stringify({
          externalId: 'N-1',
          file: 'n1.pdf',
          documentDate: '2026-03-31',
          attributes: { accountNumber: 'NB-1', year: 2026 },
        }),
        '',
        JSON.stringify({ externalId: 'N-2', file: 'n2.pdf', documentDate: '2026-03-31', language: 'en', type: 'NBF-TAX' }),
      ].join('\n'),
    );
    expect(await readAll(file, 'NBF-STMT')).toEqual([
      {
        row: {
          line: 1,
          type: 'NBF-STMT',
          externalId: 'N-1',
          file: 'n1.pdf',
          documentDate: '2026-03-31',
          language: null,
          attributes: { accountNumber: 'NB-1', year: '2026' },
        },
      },
      {
        row: { line: 3, type: 'NBF-TAX', externalId: 'N-2', file: 'n2.pdf', documentDate: '2026-03-31', language: 'en', attributes: {} },
      },
    ]);
    expect(await countManifestRows(file, 'ndjson')).toBe(2);
  });

  it('rejects a line that is not a document, and goes on', async () => {
    const file = await manifestOf(
      'bad.jsonl',
      [
        '{ not json',
        '[1, 2]',
        JSON.stringify({ externalId: 'N-3', file: 'n3.pdf', documentDate: '2026-03-31', attributes: ['x'] }),
        JSON.stringify({ externalId: 'N-4', file: 'n4.pdf', documentDate: '2026-03-31', attributes: { nested: { a: 1 } } }),
        JSON.stringify({ externalId: 'N-5', file: 'n5.pdf', documentDate: 20260331 }),
        JSON.stringify({ externalId: 'N-6', file: 'n6.pdf', documentDate: '2026-03-31' }),
      ].join('\n'),
    );
    const entries = await readAll(file, 'T');
    expect(
      entries.map((entry) => ('rejected' in entry ? [entry.rejected.line, entry.rejected.field, entry.rejected.message] : 'row')),
    ).toEqual([
      [1, '', 'The line is not JSON.'],
      [2, '', 'The line is not a JSON object.'],
      [3, 'attributes', 'attributes must be an object of names and values.'],
      [4, 'attributes.nested', 'The value of nested must be text.'],
      [5, 'documentDate', 'documentDate is missing.'],
      'row',
    ]);
  });
});
