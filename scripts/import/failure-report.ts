import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';

export interface FailedRow {
  /** The manifest line of the row (a CSV header is line 1). */
  line: number;
  externalId: string;
  file: string;
  /** The HTTP status, or null when no answer came (a missing file, the network). */
  status: number | null;
  key: string;
  field: string;
  message: string;
}

export const REPORT_HEADER = ['row', 'externalId', 'file', 'httpStatus', 'errorKey', 'field', 'message'] as const;

/** RFC 4180 quoting: only when a value holds a separator, a quote, a line break or edge spaces. */
export function toCsvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsvLine(values: (string | number | null)[]): string {
  return `${values.map(toCsvField).join(',')}\r\n`;
}

/**
 * The CSV of the rows that failed, written as they fail (a run with many failures holds none of
 * them in memory). The file is created at the first failure only: a clean run writes nothing.
 */
export function createFailureReport(reportPath: string) {
  let stream: WriteStream | null = null;
  let writeError: Error | null = null;
  let count = 0;

  async function write(line: string): Promise<void> {
    if (!stream) {
      stream = createWriteStream(reportPath, { flags: 'w' });
      // Kept for the next call (a full disk): an unheard stream error would end the process mid-import.
      stream.on('error', (error) => (writeError = error));
      if (!stream.write(toCsvLine([...REPORT_HEADER]))) await once(stream, 'drain');
    }
    if (writeError) throw writeError;
    if (!stream.write(line)) await once(stream, 'drain');
  }

  return {
    path: reportPath,
    get count() {
      return count;
    },
    async add(row: FailedRow): Promise<void> {
      count++;
      await write(toCsvLine([row.line, row.externalId, row.file, row.status, row.key, row.field, row.message]));
    },
    async close(): Promise<void> {
      const open = stream as WriteStream | null;
      if (!open) return;
      if (!writeError) {
        open.end();
        await once(open, 'finish');
      }
      if (writeError) throw writeError;
    },
  };
}

export type FailureReport = ReturnType<typeof createFailureReport>;
