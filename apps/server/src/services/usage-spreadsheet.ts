import type { EventEmitter } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export type SpreadsheetCell = string | number | Date | null;

export interface SpreadsheetColumn {
  header: string;
  width: number;
  /** An Excel number format, e.g. for dates and times. */
  numFmt?: string;
}

export interface Spreadsheet {
  sheetName: string;
  columns: SpreadsheetColumn[];
  /** The rows, a batch at a time, read only as fast as the client takes them. */
  batches: AsyncIterable<SpreadsheetCell[][]>;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Resolves once `stream` can take more, or at once when the download is gone (`output` closed), so
 * that nothing waits forever on a reader that left. exceljs's zip uses an older stream library,
 * which keeps the "needs drain" flag only in its state.
 */
function drained(stream: Writable, output: Writable): Promise<void> {
  const state = (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState;
  const isFull = stream.writableNeedDrain ?? state?.needDrain ?? false;
  if (!isFull || output.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      output.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    output.on('close', done);
  });
}

/**
 * exceljs writes a sheet into the zip through its own stream, which ignores backpressure: left alone,
 * the sheet's XML piles up in memory faster than it is compressed (half a kilobyte a row). The
 * zip's reader of that stream is where to wait. Throws if exceljs stops exposing it, rather than
 * silently holding every row again.
 */
function zipEntryOf(worksheet: ExcelJS.Worksheet): Writable {
  const entry = (worksheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
  if (!entry) throw new Error('The spreadsheet writer cannot reach the sheet stream of exceljs to pace it');
  return entry;
}

/**
 * Reads the first batch now, so that a failure before any row (a query that cannot run) is still
 * answered as a JSON error rather than as a broken download. The rest is read later, on demand.
 */
export async function startBatches<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  return (async function* () {
    try {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A reader that left early stops the database reads too.
      await iterator.return?.();
    }
  })();
}

/**
 * An .xlsx file streamed as it is written: exceljs's streaming writer commits each row as soon as it
 * is added, and the next batch is read only once the previous one is compressed and taken by the
 * client, so memory stays flat whatever the row count. A failure after the first bytes cannot become
 * a JSON answer any more: it is reported and the download is cut, so the client never keeps a
 * truncated file as whole.
 */
export function streamSpreadsheet(sheet: Spreadsheet, onError: (error: unknown) => void): Readable {
  const output = new PassThrough();
  const fail = (error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  // exceljs keeps its zip writer to itself; an error there must still be heard, not crash the process.
  (workbook as unknown as { zip: EventEmitter }).zip.on('error', fail);

  void (async () => {
    try {
      const worksheet = workbook.addWorksheet(sheet.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
      worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
      worksheet.columns = sheet.columns.map((column) => ({
        header: column.header,
        width: column.width,
        ...(column.numFmt && { style: { numFmt: column.numFmt } }),
      }));
      worksheet.getRow(1).font = { bold: true };
      worksheet.getRow(1).commit();
      const entry = zipEntryOf(worksheet);
      for await (const batch of sheet.batches) {
        for (const cells of batch) worksheet.addRow(cells).commit();
        // The next batch is read once this one is compressed and the client has taken the bytes.
        await drained(entry, output);
        await drained(output, output);
        if (output.destroyed) return;
      }
      worksheet.commit();
      await workbook.commit();
    } catch (error) {
      fail(error);
    }
  })();
  return output;
}
