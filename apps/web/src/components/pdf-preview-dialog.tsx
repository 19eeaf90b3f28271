import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, Center, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import { saveFile, type ReceivedFile } from '../lib/file-transfer';
import { openPdf, type PDFDocumentProxy } from '../lib/pdf-document';
import { useIsMobile } from '../lib/use-is-mobile';
import { Dialog } from './dialog';
import { LoadingIndicator } from './loading-indicator';
import { PdfPageCanvas } from './pdf-page-canvas';
import { PdfPreviewToolbar } from './pdf-preview-toolbar';

export interface PreviewRequest {
  title: string;
  /** Fetches the file; called again by Retry. */
  load: () => Promise<ReceivedFile>;
  fallbackFileName: string;
  /** The file opened as a PDF: only then has the person seen it (a failed preview leaves it unread). */
  onShown?: () => void;
  /** What the person may do about the document once shown, under it (a confirmation of reading). */
  footer?: ReactNode;
}

interface PdfPreviewDialogProps {
  request: PreviewRequest | null;
  onClose: () => void;
  onReturnHome: () => void;
  /** Inside a stack of dialogs, its id there. */
  stackId?: string;
}

type State = { status: 'loading' } | { status: 'ready'; file: ReceivedFile; pdf: PDFDocumentProxy } | { status: 'error' };

/**
 * Shows a PDF page by page with pdf.js. A failed load or an answer that is not a PDF turns
 * into the spec's error dialog, with "Return home" and "Retry".
 */
export function PdfPreviewDialog({ request, onClose, onReturnHome, stackId }: PdfPreviewDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!request) return;
    let isCancelled = false;
    let opened: PDFDocumentProxy | undefined;
    setState({ status: 'loading' });
    setPageNumber(1);
    void (async () => {
      try {
        const file = await request.load();
        const pdf = await openPdf(file.blob);
        opened = pdf;
        if (isCancelled) return void pdf.destroy();
        setState({ status: 'ready', file, pdf });
        request.onShown?.();
      } catch {
        if (!isCancelled) setState({ status: 'error' });
      }
    })();
    return () => {
      isCancelled = true;
      void opened?.destroy();
    };
  }, [request, attempt]);

  const showError = useCallback(() => setState({ status: 'error' }), []);

  // In a stack of dialogs, a closed dialog stays mounted: one unmounted while open would leave the stack thinking it still is.
  if (!request) return stackId ? <Dialog opened={false} onClose={onClose} stackId={stackId} title="" /> : null;
  if (state.status === 'error') {
    return (
      <Dialog opened onClose={onClose} title={t('preview.errorTitle')} centered stackId={stackId}>
        <Stack gap="lg">
          <Text>{t('preview.error')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onReturnHome}>
              {t('preview.returnHome')}
            </Button>
            <Button onClick={() => setAttempt((value) => value + 1)} data-autofocus>
              {t('preview.retry')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    );
  }

  const pageCount = state.status === 'ready' ? state.pdf.numPages : 0;
  return (
    <Dialog
      opened
      stackId={stackId}
      onClose={onClose}
      title={t('preview.title', { title: request.title })}
      size="auto"
      fullScreen={isMobile}
      centered
      // Names what closes, since the dialog's title is the document's.
      closeButtonProps={{ 'aria-label': t('preview.close') }}
    >
      {state.status === 'loading' ? (
        <Center mih={200} miw={isMobile ? undefined : 400}>
          <LoadingIndicator label={t('preview.loading')} />
        </Center>
      ) : (
        <Stack gap="sm">
          <PdfPreviewToolbar
            pageNumber={pageNumber}
            pageCount={pageCount}
            zoom={zoom}
            compact={isMobile}
            onPage={setPageNumber}
            onZoom={setZoom}
            onDownload={() => saveFile(state.file, request.fallbackFileName)}
          />
          {/* Zoomed in, the page scrolls inside its frame, both ways. */}
          <div style={{ width: isMobile ? '100%' : 'min(760px, 80vw)', overflow: 'auto' }} data-testid="preview-frame">
            <PdfPageCanvas
              pdf={state.pdf}
              pageNumber={pageNumber}
              zoom={zoom}
              label={t('preview.pageImage', { title: request.title, page: pageNumber, count: pageCount })}
              onError={showError}
            />
          </div>
          {request.footer}
        </Stack>
      )}
    </Dialog>
  );
}
