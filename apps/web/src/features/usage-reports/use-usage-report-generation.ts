import { useCallback, useEffect, useRef, useState } from 'react';
import { usageReportsEndpoints } from '@portal/contract';
import { translator } from '../../i18n/app-translator';
import { describeError } from '../../i18n/error-message';
import { translateKey } from '../../lib/error-text';
import { readIssues } from '../../lib/field-issues';
import { fetchFile, saveFile, type TransferProgress } from '../../lib/file-transfer';
import type { GenerateUsageReportBody } from './usage-report-draft';

export type GenerationState =
  | { status: 'idle' }
  | { status: 'running'; progress: TransferProgress | null }
  | { status: 'done' }
  | { status: 'failed'; message: string };

/** The refusal's text, followed by what the server said of each field it refused, when it did. */
function describeRefusal(error: unknown): string {
  const details = readIssues(error)
    .map((issue) => issue.message)
    .filter((key) => translator.exists(key));
  return [describeError(error), ...new Set(details.map(translateKey))].join(' ');
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Runs POST /reports/generate for the waiting dialog: saves the spreadsheet under the server's file
 * name, or keeps the refusal's text. Cancel aborts the request itself, so the server stops too.
 */
export function useUsageReportGeneration() {
  const [state, setState] = useState<GenerationState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  const generate = useCallback(async (body: GenerateUsageReportBody) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'running', progress: null });
    try {
      // Spec section 7: the answer is a spreadsheet, or JSON with an error (fetchFile throws that).
      const file = await fetchFile(usageReportsEndpoints.generateUsageReport, {
        body,
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) setState({ status: 'running', progress });
        },
      });
      if (controller.signal.aborted) return;
      saveFile(file, `usage-${body.type ?? 'report'}.xlsx`);
      setState({ status: 'done' });
    } catch (error) {
      // A cancelled request is the person's choice, not a failure to report.
      if (controller.signal.aborted || isAbort(error)) return;
      setState({ status: 'failed', message: describeRefusal(error) });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, []);

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState({ status: 'idle' });
  }, []);

  const dismiss = useCallback(() => setState({ status: 'idle' }), []);

  // Leaving the screen mid-way ends the request as well.
  useEffect(() => () => running.current?.abort(), []);

  return { state, generate, cancel, dismiss };
}
