import { ApiError, createUnexpectedError } from './api-error';
import { handleSessionLoss } from './session-loss';

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

interface FetchFileOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  onProgress?: (progress: TransferProgress) => void;
  signal?: AbortSignal;
}

/**
 * Fetches a file answer (preview, download, zip) of the API. File endpoints have no response
 * schema, so the bytes are read here, streaming when asked for progress.
 */
export async function fetchFile(url: string, options: FetchFileOptions = {}): Promise<ReceivedFile> {
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: hasBody ? { 'content-type': 'application/json' } : undefined,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw createUnexpectedError(0, 'Network failure');
  }
  if (!response.ok) throw await toFileError(response);
  const blob = options.onProgress ? await readWithProgress(response, options.onProgress) : await response.blob();
  return { blob, fileName: readFileName(response.headers.get('content-disposition')) };
}

async function toFileError(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const error =
    typeof payload === 'object' && payload !== null && typeof (payload as { error?: unknown }).error === 'string'
      ? new ApiError(response.status, (payload as { error: string }).error, String((payload as { msg?: unknown }).msg ?? ''), payload)
      : createUnexpectedError(response.status, `HTTP ${response.status}`, payload);
  handleSessionLoss(error);
  return error;
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

/** Hands a received file to the browser as a download, without leaving the page. */
export function saveFile(file: ReceivedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start reading the blob before it goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
