import { describe, expect, it } from 'vitest';
import { cellText, columnOf } from '../../../lib/attribute-values';
import { listColumns } from './document-columns';

const noticeType = {
  Name: 'noticeType',
  DisplayNameEN: 'Notice type',
  DisplayNameFR: 'Type d’avis',
  ShowInColumn: true,
  ValueLabels: [{ Value: 'Renewal', LabelEn: 'Renewal', LabelFr: 'Renouvellement' }],
};
const balance = { Name: 'closingBalance', DisplayNameEN: 'Closing balance', DisplayNameFR: 'Solde de clôture', ShowInColumn: true };

describe('document columns', () => {
  it('show a value that is a word in the reader’s language, and any other value as documents carry it', () => {
    const french = columnOf(noticeType, 'fr');
    expect(french.label).toBe('Type d’avis');
    expect(cellText(french, 'Renewal', 'fr')).toBe('Renouvellement');
    expect(cellText(columnOf(noticeType, 'en'), 'Renewal', 'en')).toBe('Renewal');
    // A word the type has not translated, and a value that is not a string.
    expect(cellText(french, 'Privacy', 'fr')).toBe('Privacy');
    expect(cellText(french, undefined, 'fr')).toBe('');
  });

  it('give amounts their currency in the reader’s language where the attribute has one', () => {
    const inDollars = { ...balance, Currency: 'CAD' };
    expect(cellText(columnOf(inDollars, 'en'), '1234.50', 'en')).toMatch(/^(CA)?\$1,234\.50$/);
    expect(cellText(columnOf(inDollars, 'fr'), '1234.50', 'fr')).toMatch(/^1[\u00a0\u202f]234,50[\u00a0\u202f]\$$/);
    // A value that is not an amount stays as it is.
    expect(cellText(columnOf(inDollars, 'fr'), 'n/a', 'fr')).toBe('n/a');
  });

  it('format numbers in the reader’s language where the attribute has no words', () => {
    const column = columnOf(balance, 'fr');
    expect(column.words).toBeUndefined();
    expect(cellText(column, '1234.50', 'fr')).toMatch(/^1[\u00a0\u202f]234,50$/);
    expect(cellText(columnOf(balance, 'en'), '1234.50', 'en')).toBe('1,234.50');
  });

  it('follow the server’s displayed attributes, naming an unknown one by its name', () => {
    const config = {
      Id: 1,
      Code: 'T',
      TitleEn: 'T',
      TitleFr: 'T',
      Attributes: [noticeType, balance],
      DisplayedAttributes: ['closingBalance', 'noticeType', 'other'],
    };
    expect(listColumns(config, 'en').map((column) => column.label)).toEqual(['Closing balance', 'Notice type', 'other']);
  });
});
