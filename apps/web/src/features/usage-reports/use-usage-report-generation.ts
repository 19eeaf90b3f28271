import { useCallback, useEffect, useRef, useState } from 'react';
import i18next from 'i18next';
import { endpoints, ErrorResponseSchema } from '@portal/contract';
import { describeError } from '../../i18n/error-message';
import { ApiError, createUnexpectedError, isApiError } from '../../lib/api-error';
import { fetchFile, saveFile, type ReceivedFile, type TransferProgress } from '../../lib/file-transfer';
import type { GenerateUsageReportBody } from './usage-report-draft';

export type GenerationState =
  | { status: 'idle' }
  | { status: 'running'; progress: TransferProgress | null }
  | { status: 'done' }
  | { status: 'failed'; message: string };

/**
 * Spec section 7: the answer is a spreadsheet, or JSON with an error. Refusals come with a 4xx
 * (fetchFile turns those into an ApiError); a JSON body on a success status is read the same way.
 */
async function requireSpreadsheet(file: ReceivedFile): Promise<void> {
  if (!file.blob.type.includes('json')) return;
  let payload: unknown;
  try {
    payload = JSON.parse(await file.blob.text());
  } catch {
    throw createUnexpectedError(200, 'Unreadable answer');
  }
  const { error, msg } = (payload ?? {}) as { error?: unknown; msg?: unknown };
  if (typeof error === 'string') throw new ApiError(200, error, typeof msg === 'string' ? msg : '', payload);
  throw createUnexpectedError(200, 'A JSON answer instead of a spreadsheet', payload);
}

/** The refusal's text, followed by what the server said of each field it refused, when it did. */
function describeRefusal(error: unknown): string {
  const issues = isApiError(error) ? (ErrorResponseSchema.safeParse(error.body).data?.issues ?? []) : [];
  const details = issues.map((issue) => issue.message).filter((key) => i18next.exists(key));
  return [describeError(error), ...new Set(details.map((key) => i18next.t(key as never)))].join(' ');
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
      const file = await fetchFile(endpoints.generateUsageReport.path, {
        method: 'POST',
        body,
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) setState({ status: 'running', progress });
        },
      });
      await requireSpreadsheet(file);
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
