import type { ReportAccessPreview } from '@portal/contract';
import { isGroupIncomplete, type DraftReport, type SubmittedReports } from './report-access-model';

/**
 * What the preview is asked about: every type and every group of the dialog, in its order, each
 * group under the key the dialog gives it. Values are trimmed as the save trims them, so a space
 * typed at the end asks nothing new. A group half filled is sent empty: the save would refuse
 * it, so the preview shows what the complete groups give and says nothing of that one.
 */
export interface PreviewDraft {
  reportId: number;
  groups: { key: number; values: { attributeId: number; value: string }[] }[];
}

/** A type's preview, with the keys of the dialog's groups that match no document. */
export interface TypePreview extends ReportAccessPreview {
  emptyGroupKeys: number[];
}

export function toPreviewDrafts(reports: DraftReport[]): PreviewDraft[] {
  return reports.map((report) => ({
    reportId: report.reportId,
    groups: report.groups.map((group) => {
      const isBlanked = isGroupIncomplete(group);
      return {
        key: group.key,
        values: group.criteria.map((criterion) => ({
          attributeId: criterion.attributeId,
          value: isBlanked ? '' : criterion.value.trim(),
        })),
      };
    }),
  }));
}

/** The save's own body: every group kept in place, so the answer's positions are the dialog's. */
export function toPreviewBody(drafts: PreviewDraft[]): SubmittedReports {
  return drafts.map((draft) => ({
    ReportId: draft.reportId,
    UserConfiguredCriteria: draft.groups.map((group) =>
      group.values.map((item) => ({ ReportAttributeId: item.attributeId, Value: item.value })),
    ),
  }));
}

/** The answer by type id, each group the server flags named by the key it had in the request asked. */
export function readPreviews(drafts: PreviewDraft[], answer: ReportAccessPreview[]): Map<number, TypePreview> {
  const keysOf = new Map(drafts.map((draft) => [draft.reportId, draft.groups.map((group) => group.key)]));
  return new Map(
    answer.map((preview) => {
      const keys = keysOf.get(preview.ReportId) ?? [];
      const emptyGroupKeys = preview.EmptyGroups.flatMap((position) => (keys[position] === undefined ? [] : [keys[position]]));
      return [preview.ReportId, { ...preview, emptyGroupKeys }];
    }),
  );
}
