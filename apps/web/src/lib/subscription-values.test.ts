import { describe, expect, it } from 'vitest';
import type { ChosenReport } from '@portal/contract';
import {
  findAttributeErrors,
  keepTypedValues,
  markRefusedValues,
  refusedValues,
  setAttributeValue,
  toChosenReportInputs,
} from './subscription-values';

function chosen(id: number, values: string[]): ChosenReport {
  return {
    Id: id,
    TitleEn: `Type ${id}`,
    TitleFr: `Type ${id}`,
    Attributes: values.map((Value, index) => ({
      AttributeId: index + 1,
      NameEn: `Name ${index}`,
      NameFr: `Nom ${index}`,
      DescriptionEn: '',
      DescriptionFr: '',
      Value,
    })),
  };
}

describe('findAttributeErrors', () => {
  it('requires every value and caps each at 255 characters', () => {
    const errors = findAttributeErrors([chosen(7, ['  ', 'ok']), chosen(8, ['x'.repeat(256)])]);
    expect(errors).toEqual({ '7-1': 'validation.required', '8-1': 'validation.attributeValueTooLong' });
  });

  it('accepts values of 1 to 255 characters', () => {
    expect(findAttributeErrors([chosen(7, ['a', 'x'.repeat(255)])])).toEqual({});
  });
});

describe('keepTypedValues', () => {
  it('keeps the values typed for types still chosen and starts the others empty', () => {
    const typed = setAttributeValue([chosen(7, ['', ''])], 7, 2, 'H3A 2B2');
    const next = keepTypedValues([chosen(7, ['', '']), chosen(9, [''])], typed);
    expect(next.map((report) => report.Attributes.map((attribute) => attribute.Value))).toEqual([['', 'H3A 2B2'], ['']]);
  });
});

describe('toChosenReportInputs', () => {
  it('sends values without surrounding spaces', () => {
    expect(toChosenReportInputs([chosen(7, [' NB-100201 '])])[0]!.Attributes[0]!.Value).toBe('NB-100201');
  });
});

describe('refused owner details', () => {
  it('marks every value of each type no document carries, and none of the types accepted', () => {
    const sent = toChosenReportInputs([chosen(7, ['NB-100201', 'H2X 1Y4']), chosen(8, ['T5'])]);
    const refused = refusedValues(sent, [7]);
    expect(refused).toEqual({ '7-1': 'NB-100201', '7-2': 'H2X 1Y4' });
    expect(markRefusedValues([chosen(7, ['NB-100201', ' H2X 1Y4 ']), chosen(8, ['T5'])], refused)).toEqual({
      '7-1': 'subscription.checkValue',
      '7-2': 'subscription.checkValue',
    });
  });

  it('stops marking a value once it is changed', () => {
    const refused = refusedValues(toChosenReportInputs([chosen(7, ['NB-100201', 'H2X 1Y4'])]), [7]);
    expect(markRefusedValues([chosen(7, ['NB-100201', 'H2X 1Y5'])], refused)).toEqual({ '7-1': 'subscription.checkValue' });
  });
});

describe('setAttributeValue', () => {
  it('fills the same detail of the other chosen types while they hold what it held, and leaves a value of their own', () => {
    const typed = setAttributeValue([chosen(7, ['', '']), chosen(9, ['', ''])], 7, 1, 'NB-100201');
    expect(typed.map((report) => report.Attributes.map((attribute) => attribute.Value))).toEqual([
      ['NB-100201', ''],
      ['NB-100201', ''],
    ]);
    const ownValue = setAttributeValue(typed, 9, 1, 'NB-200300');
    const changedAgain = setAttributeValue(ownValue, 7, 1, 'NB-100202');
    expect(changedAgain.map((report) => report.Attributes[0]!.Value)).toEqual(['NB-100202', 'NB-200300']);
    // Another name is another detail.
    expect(setAttributeValue(typed, 7, 2, 'H3A 2B2')[1]!.Attributes.map((attribute) => attribute.Value)).toEqual(['NB-100201', 'H3A 2B2']);
  });
});
