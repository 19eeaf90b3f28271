import { describe, expect, it } from 'vitest';
import type { ReportAccessPreview } from '@portal/contract';
import { readPreviews, toPreviewBody, toPreviewDrafts } from './access-preview-model';
import type { DraftReport } from './report-access-model';

const ACCOUNT = 11;
const POSTAL = 12;

const statements = (groups: DraftReport['groups']): DraftReport => ({
  reportId: 7,
  titleEn: 'Account statements',
  titleFr: 'Relevés de compte',
  attributes: [
    { Id: ACCOUNT, DisplayNameEN: 'Account number', DisplayNameFR: 'Numéro de compte' },
    { Id: POSTAL, DisplayNameEN: 'Postal code', DisplayNameFR: 'Code postal' },
  ],
  groups,
});

const answer = (emptyGroups: number[]): ReportAccessPreview => ({
  ReportId: 7,
  TotalDocuments: 8,
  TotalIsLowerBound: false,
  DisplayedAttributes: [],
  Results: [],
  EmptyGroups: emptyGroups,
});

describe('the preview request', () => {
  const drafts = toPreviewDrafts([
    statements([
      { key: 3, criteria: [{ attributeId: ACCOUNT, value: ' NB-100201 ' }] },
      { key: 5, criteria: [{ attributeId: ACCOUNT, value: '' }] },
      {
        key: 9,
        criteria: [
          { attributeId: ACCOUNT, value: 'NB-100202' },
          { attributeId: POSTAL, value: ' ' },
        ],
      },
      { key: 12, criteria: [{ attributeId: ACCOUNT, value: 'NB-10020O' }] },
    ]),
  ]);

  it('keeps every group in place, trimmed, and sends a half-filled group empty', () => {
    expect(toPreviewBody(drafts)).toEqual([
      {
        ReportId: 7,
        UserConfiguredCriteria: [
          [{ ReportAttributeId: ACCOUNT, Value: 'NB-100201' }],
          [{ ReportAttributeId: ACCOUNT, Value: '' }],
          [
            { ReportAttributeId: ACCOUNT, Value: '' },
            { ReportAttributeId: POSTAL, Value: '' },
          ],
          [{ ReportAttributeId: ACCOUNT, Value: 'NB-10020O' }],
        ],
      },
    ]);
  });

  it('is the same request whatever spaces surround a value', () => {
    const spaced = toPreviewDrafts([statements([{ key: 3, criteria: [{ attributeId: ACCOUNT, value: 'NB-100201   ' }] }])]);
    const plain = toPreviewDrafts([statements([{ key: 3, criteria: [{ attributeId: ACCOUNT, value: 'NB-100201' }] }])]);
    expect(spaced).toEqual(plain);
  });

  it('names the groups the answer flags by the keys they had when asked', () => {
    const previews = readPreviews(drafts, [answer([3])]);
    expect(previews.get(7)?.emptyGroupKeys).toEqual([12]);
    expect(previews.get(7)?.TotalDocuments).toBe(8);
  });

  it('ignores a position beyond the groups asked about', () => {
    expect(readPreviews(drafts, [answer([0, 40])]).get(7)?.emptyGroupKeys).toEqual([3]);
  });
});
