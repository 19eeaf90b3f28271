import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentsEndpoints } from '@portal/contract';
import { describeError } from '../../../i18n/error-message';
import { useTranslation } from '../../../i18n/use-translation';
import { callApi } from '../../../lib/api-client';
import { markAcknowledged, type ReportData } from './report-data-query';

/** Where a type asks it: whether the person still has to confirm reading a document, or has confirmed its current version. */
export type AcknowledgementState = 'awaiting' | 'confirmed';

/** The confirmation of one document ("I have read this notice"): recorded as evidence, then shown at once in the list. */
export function useAcknowledgeDocument(reportCode: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentKey: string) => callApi(documentsEndpoints.acknowledgeDocument, { body: { documentKey } }),
    onSuccess: (_answer, documentKey) => {
      markAcknowledged(queryClient, reportCode, documentKey);
      notifications.show({ color: 'green', message: t('documents.acknowledgement.done') });
    },
    onError: (error) => notifications.show({ color: 'red', title: t('documents.acknowledgement.failed'), message: describeError(error) }),
  });
}

/** Each listed document's state, where the type asks the person to confirm reading (undefined otherwise). */
export function acknowledgementStates(data: ReportData | undefined): ((key: string) => AcknowledgementState | undefined) | undefined {
  const awaiting = data?.AwaitingAcknowledgement;
  if (!awaiting) return undefined;
  const pending = new Set(awaiting);
  return (key) => (pending.has(key) ? 'awaiting' : 'confirmed');
}
