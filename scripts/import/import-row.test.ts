import { describe, expect, it } from 'vitest';
import type { StoredDocument } from './ingestion-client.js';
import { isSameDocument } from './import-row.js';
import type { ManifestRow } from './manifest.js';

const HASH = 'a'.repeat(64);
const stored: StoredDocument = {
  externalId: 'S-1',
  version: 2,
  documentDate: '2026-01-31',
  language: 'en',
  attributes: { accountNumber: 'NB-1', postalCode: 'H2X 1Y4' },
  contentHash: HASH,
};
const row: ManifestRow = {
  line: 2,
  type: 'NBF-STMT',
  externalId: 'S-1',
  file: 's.pdf',
  documentDate: '2026-01-31',
  language: 'en',
  attributes: { postalCode: 'H2X 1Y4', accountNumber: 'NB-1' },
};

describe('whether a row would change the stored document', () => {
  it('is the same with the same file, date, language and attributes, in any order', () => {
    expect(isSameDocument(stored, row, HASH)).toBe(true);
  });

  it('reads a row without a language as the API does: English', () => {
    expect(isSameDocument(stored, { ...row, language: null }, HASH)).toBe(true);
    expect(isSameDocument({ ...stored, language: 'fr' }, { ...row, language: null }, HASH)).toBe(false);
  });

  it.each([
    ['another file', row, 'b'.repeat(64)],
    ['another date', { ...row, documentDate: '2026-02-28' }, HASH],
    ['another language', { ...row, language: 'fr' }, HASH],
    ['another value', { ...row, attributes: { ...row.attributes, postalCode: 'H3A 2B2' } }, HASH],
    ['one attribute more', { ...row, attributes: { ...row.attributes, closingBalance: '1.00' } }, HASH],
    ['one attribute less', { ...row, attributes: { accountNumber: 'NB-1' } }, HASH],
  ])('differs with %s', (_case, changed, hash) => {
    expect(isSameDocument(stored, changed, hash)).toBe(false);
  });
});
