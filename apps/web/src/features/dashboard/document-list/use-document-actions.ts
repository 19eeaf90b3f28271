import { useCallback, useState, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { documentsEndpoints, DOCUMENT_SELECTION_MAX, DOCUMENT_SELECTION_MIN } from '@portal/contract';
import type { PreviewRequest } from '../../../components/pdf-preview-dialog';
import { useTranslation } from '../../../i18n/use-translation';
import { fetchFile, saveFile, type TransferProgress } from '../../../lib/file-transfer';
import { describeError } from '../../../i18n/error-message';
import { markViewed } from './report-data-query';
import { useCustomerView } from '../../../lib/customer-view-store';

/** Preview and download of one document or of a selection, each marking what it showed or saved as viewed. */
export function useDocumentActions(reportCode: string, title: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<PreviewRequest | null>(null);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const [isSelectionInvalid, setSelectionInvalid] = useState(false);

  // In a customer view, staff's openings are not the customer's: the list keeps the customer's own marks.
  const isCustomerView = useCustomerView() !== null;
  const opened = useCallback(
    (keys: string[]) => {
      if (!isCustomerView) markViewed(queryClient, reportCode, keys);
    },
    [queryClient, reportCode, isCustomerView],
  );

  // Said aloud too (the notice is an alert): a finished download has no other sign on the page.
  const done = useCallback(
    (fileName: string) => notifications.show({ color: 'green', message: t('documents.downloadDone', { name: fileName }) }),
    [t],
  );

  const fail = useCallback(
    (error: unknown) => notifications.show({ color: 'red', title: t('documents.downloadFailed'), message: describeError(error) }),
    [t],
  );

  const previewOne = useCallback(
    (key: string, label: string, footer?: ReactNode) =>
      setPreview({
        title: label,
        fallbackFileName: 'document.pdf',
        load: () => fetchFile(documentsEndpoints.previewDocument, { query: { documentKey: key } }),
        onShown: () => opened([key]),
        footer,
      }),
    [opened],
  );

  const downloadOne = useCallback(
    async (key: string) => {
      try {
        const file = await fetchFile(documentsEndpoints.downloadDocument, { query: { documentKey: key } });
        opened([key]);
        done(saveFile(file, 'document.pdf'));
      } catch (error) {
        fail(error);
      }
    },
    [opened, fail, done],
  );

  const isSelectionValid = (keys: string[]) => keys.length >= DOCUMENT_SELECTION_MIN && keys.length <= DOCUMENT_SELECTION_MAX;

  const previewSelected = (keys: string[]) => {
    if (!isSelectionValid(keys)) return setSelectionInvalid(true);
    setPreview({
      title: t('documents.selectionTitle', { title, count: keys.length }),
      fallbackFileName: 'documents.pdf',
      load: () => fetchFile(documentsEndpoints.previewList, { body: { documentKeyList: keys } }),
      onShown: () => opened(keys),
    });
  };

  const downloadSelected = async (keys: string[]) => {
    if (!isSelectionValid(keys)) return setSelectionInvalid(true);
    try {
      const file = await fetchFile(documentsEndpoints.downloadList, {
        body: { documentKeyList: keys },
        onProgress: setProgress,
      });
      opened(keys);
      done(saveFile(file, 'documents.zip'));
    } catch (error) {
      fail(error);
    } finally {
      setProgress(null);
    }
  };

  return {
    preview,
    closePreview: () => setPreview(null),
    progress,
    isSelectionInvalid,
    closeSelectionDialog: () => setSelectionInvalid(false),
    previewOne,
    downloadOne,
    previewSelected,
    downloadSelected,
  };
}
