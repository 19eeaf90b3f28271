import { useMemo } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userManagementEndpoints } from '@portal/contract';
import { callApi } from '../../../lib/api-client';
import { userManagementKeys } from '../query-keys';
import { readPreviews, toPreviewBody, toPreviewDrafts, type PreviewDraft } from './access-preview-model';
import type { DraftReport } from './report-access-model';

/** Typing pauses this long before the preview is asked again. */
export const PREVIEW_DELAY_MS = 300;

export function accessPreviewQuery(userId: number, drafts: PreviewDraft[]) {
  return queryOptions({
    queryKey: userManagementKeys.accessPreview(userId, drafts),
    queryFn: async ({ signal }) => {
      const answer = await callApi(userManagementEndpoints.previewReportAccess, {
        body: { userId, submitedReports: toPreviewBody(drafts) },
        signal,
      });
      return readPreviews(drafts, answer.Reports);
    },
    // The last counts stay on screen while the next ones load, so the dialog does not jump at each key.
    placeholderData: keepPreviousData,
  });
}

/** What the user would see with the dialog's access, asked again once typing pauses. */
export function useAccessPreview(userId: number, reports: DraftReport[]) {
  const drafts = useMemo(() => toPreviewDrafts(reports), [reports]);
  const [settled] = useDebouncedValue(drafts, PREVIEW_DELAY_MS);
  return useQuery(accessPreviewQuery(userId, settled));
}
