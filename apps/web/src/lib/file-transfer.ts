import type { Endpoint } from '@portal/contract';
import { readJson, rejectAnswer, sendRequest, type CallOptions, type OptionsArgument } from './api-client';

/** A file the server answered, with the name its Content-Disposition gave. */
export interface ReceivedFile {
  blob: Blob;
  fileName: string | null;
}

/** Bytes received so far and, when the server said, the total. */
export interface TransferProgress {
  received: number;
  total: number | null;
}

/** The endpoints that answer a file: the contract gives them no response schema. */
export type FileEndpoint = Endpoint & { response?: undefined };

export type FetchFileOptions<E extends FileEndpoint> = CallOptions<E> & {
  /** Asked for, the bytes are read as they stream in and counted here. */
  onProgress?: (progress: TransferProgress) => void;
};

/**
 * Fetches a file answer of the contract (preview, download, zip, spreadsheet). Refusals and a
 * lost session are met exactly as callApi meets them.
 */
export async function fetchFile<E extends FileEndpoint>(
  endpoint: E,
  ...[options]: OptionsArgument<FetchFileOptions<E>>
): Promise<ReceivedFile> {
  const response = await sendRequest(endpoint, options);
  // A file call answers JSON only to refuse, even on a success status.
  if (isJson(response)) throw rejectAnswer(endpoint, response.status, await readJson(response));
  const blob = options?.onProgress ? await readWithProgress(response, options.onProgress) : await response.blob();
  return { blob, fileName: readFileName(response.headers.get('content-disposition')) };
}

function isJson(response: Response): boolean {
  return response.headers.get('content-type')?.includes('json') ?? false;
}

async function readWithProgress(response: Response, onProgress: (progress: TransferProgress) => void): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress({ received, total });
  }
  return new Blob(chunks as BlobPart[], { type });
}

/** The file name of a Content-Disposition header, preferring the exact UTF-8 form (RFC 6266). */
export function readFileName(header: string | null): string | null {
  if (!header) return null;
  const exact = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (exact?.[1]) {
    try {
      return decodeURIComponent(exact[1].trim());
    } catch {
      // Fall back to the plain name below.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || null;
}

/** Hands a received file to the browser as a download, without leaving the page; answers the name it is saved under. */
export function saveFile(file: ReceivedFile, fallbackName: string): string {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  const name = file.fileName ?? fallbackName;
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start reading the blob before it goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
