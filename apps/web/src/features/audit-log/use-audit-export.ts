import { useCallback, useEffect, useRef, useState } from 'react';
import { consoleAuditEndpoints, type AuditFilterInput } from '@portal/contract';
import { describeError } from '../../i18n/error-message';
import { fetchFile, saveFile } from '../../lib/file-transfer';

export type AuditExportState = { status: 'idle' } | { status: 'running' } | { status: 'failed'; message: string };

/** Downloads the entries of the filters applied as a CSV file, under the server's file name. */
export function useAuditExport() {
  const [state, setState] = useState<AuditExportState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  const start = useCallback(async (query: AuditFilterInput) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'running' });
    try {
      const file = await fetchFile(consoleAuditEndpoints.exportConsoleAudit, { query, signal: controller.signal });
      if (controller.signal.aborted) return;
      saveFile(file, 'audit-log.csv');
      setState({ status: 'idle' });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ status: 'failed', message: describeError(error) });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, []);

  // Leaving the screen mid-way ends the request as well.
  useEffect(() => () => running.current?.abort(), []);

  return { state, start };
}
