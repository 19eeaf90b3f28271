import { describe, expect, it } from 'vitest';
import type { ReportAccess } from '@portal/contract';
import {
  addAttribute,
  addGroup,
  draftsOf,
  hasAccess,
  hasIncompleteGroup,
  isGroupIncomplete,
  removeAttribute,
  removeGroup,
  setValue,
  toSubmittedReports,
  unusedAttributes,
} from './report-access-model';

const ACCOUNT = 11;
const POSTAL = 12;
const BALANCE = 13;

function statements(groups: [number, string][][]): ReportAccess {
  return {
    ReportId: 7,
    DisplayTextEn: 'Account statements',
    DisplayTextFr: 'Relevés de compte',
    RequiredAttributes: [
      { Id: ACCOUNT, DisplayNameEN: 'Account number', DisplayNameFR: 'Numéro de compte' },
      { Id: POSTAL, DisplayNameEN: 'Postal code', DisplayNameFR: 'Code postal' },
      { Id: BALANCE, DisplayNameEN: 'Closing balance', DisplayNameFR: 'Solde de clôture' },
    ],
    UserConfiguredCriteria: groups.map((items, group) =>
      items.map(([id, value]) => ({ DisplayTextEn: '', DisplayTextFr: '', ReportAttributeId: id, Value: value, Group: group })),
    ),
    Access: groups.length > 0,
  };
}

describe('the report-access working copy', () => {
  it('reads the stored groups and sends them back unchanged', () => {
    const [draft] = draftsOf([
      statements([
        [
          [ACCOUNT, 'NB-100201'],
          [POSTAL, 'H3A 2B2'],
        ],
        [[ACCOUNT, 'NB-100202']],
      ]),
    ]);
    expect(hasAccess(draft!)).toBe(true);
    expect(toSubmittedReports([draft!])).toEqual([
      {
        ReportId: 7,
        UserConfiguredCriteria: [
          [
            { ReportAttributeId: ACCOUNT, Value: 'NB-100201' },
            { ReportAttributeId: POSTAL, Value: 'H3A 2B2' },
          ],
          [{ ReportAttributeId: ACCOUNT, Value: 'NB-100202' }],
        ],
      },
    ]);
  });

  it('starts a new group with the first attribute and adds the others one at a time, never twice', () => {
    let [draft] = draftsOf([statements([])]);
    expect(hasAccess(draft!)).toBe(false);
    draft = addGroup(draft!);
    const key = draft.groups[0]!.key;
    expect(draft.groups[0]!.criteria).toEqual([{ attributeId: ACCOUNT, value: '' }]);
    draft = addAttribute(addAttribute(draft, key, POSTAL), key, POSTAL);
    expect(draft.groups[0]!.criteria.map((criterion) => criterion.attributeId)).toEqual([ACCOUNT, POSTAL]);
    expect(unusedAttributes(draft, draft.groups[0]!).map((attribute) => attribute.Id)).toEqual([BALANCE]);
  });

  it('refuses a group where some fields are filled and others are not', () => {
    let [draft] = draftsOf([statements([])]);
    draft = addGroup(draft!);
    const key = draft.groups[0]!.key;
    draft = setValue(addAttribute(draft, key, POSTAL), key, ACCOUNT, 'NB-100201');
    expect(isGroupIncomplete(draft.groups[0]!)).toBe(true);
    expect(hasIncompleteGroup([draft])).toBe(true);
    draft = setValue(draft, key, POSTAL, 'H3A 2B2');
    expect(hasIncompleteGroup([draft])).toBe(false);
    expect(hasAccess(draft)).toBe(true);
  });

  it('drops empty groups on save and trims the values', () => {
    let [draft] = draftsOf([statements([[[ACCOUNT, ' NB-100201 ']]])]);
    draft = addGroup(draft!);
    expect(draft.groups).toHaveLength(2);
    expect(hasIncompleteGroup([draft])).toBe(false);
    expect(toSubmittedReports([draft])[0]!.UserConfiguredCriteria).toEqual([[{ ReportAttributeId: ACCOUNT, Value: 'NB-100201' }]]);
  });

  it('keeps at least one field per group, and deletes whole groups', () => {
    let [draft] = draftsOf([
      statements([
        [
          [ACCOUNT, 'NB-100201'],
          [POSTAL, 'H3A 2B2'],
        ],
      ]),
    ]);
    const key = draft!.groups[0]!.key;
    draft = removeAttribute(draft!, key, POSTAL);
    draft = removeAttribute(draft, key, ACCOUNT);
    expect(draft.groups[0]!.criteria).toEqual([{ attributeId: ACCOUNT, value: 'NB-100201' }]);
    draft = removeGroup(draft, key);
    expect(draft.groups).toEqual([]);
    expect(toSubmittedReports([draft])).toEqual([{ ReportId: 7, UserConfiguredCriteria: [] }]);
  });
});
