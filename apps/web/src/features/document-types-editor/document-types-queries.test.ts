import { describe, expect, it } from 'vitest';
import type { ConsoleAttribute, ConsoleDocumentType } from '@portal/contract';
import { attributeSettingsOf, movedAttributeIds } from './document-types-queries';

const attribute = (id: number, name: string): ConsoleAttribute => ({
  id,
  name,
  displayNameEn: name,
  displayNameFr: `${name} (fr)`,
  descriptionEn: '',
  descriptionFr: '',
  showInColumn: true,
  isSearchable: false,
  identifiesOwner: id === 1,
  ordering: 'number',
  position: id,
  valueLabels: [],
  currency: null,
});
const type = {
  id: 7,
  clientId: 1,
  code: 'NBF-STMT',
  titleEn: 'Statements',
  titleFr: 'Relevés',
  position: 0,
  sortBy: 'date',
  sortDesc: true,
  retentionDays: null,
  onboardingEnabled: true,
  requiresAcknowledgement: false,
  paperAfterDays: null,
  thumbnail: null,
  attributes: [attribute(1, 'accountNumber'), attribute(2, 'postalCode'), attribute(3, 'closingBalance')],
} satisfies ConsoleDocumentType;

describe('the attribute table', () => {
  it('moves an attribute one place, and nowhere past either end', () => {
    expect(movedAttributeIds(type, 2, -1)).toEqual([2, 1, 3]);
    expect(movedAttributeIds(type, 2, 1)).toEqual([1, 3, 2]);
    expect(movedAttributeIds(type, 1, -1)).toEqual([1, 2, 3]);
    expect(movedAttributeIds(type, 3, 1)).toEqual([1, 2, 3]);
  });

  it('sends back every setting of an attribute, so that one switch changes only itself', () => {
    expect(attributeSettingsOf(type.attributes[0]!)).toEqual({
      displayNameEn: 'accountNumber',
      displayNameFr: 'accountNumber (fr)',
      descriptionEn: '',
      descriptionFr: '',
      showInColumn: true,
      isSearchable: false,
      identifiesOwner: true,
      ordering: 'number',
      valueLabels: [],
      currency: null,
    });
  });
});
