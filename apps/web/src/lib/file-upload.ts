import type { Endpoint, ResponseOf } from '@portal/contract';
import { buildUrl, rejectAnswer } from './api-client';
import { createUnexpectedError } from './api-error';

/** The image types the console's uploads accept (the server checks the bytes; this only narrows the file picker). */
export const ACCEPTED_IMAGE_FILES = 'image/png,image/jpeg,image/webp,image/x-icon,.ico';

/**
 * Sends one file as the body of the request (the server takes the file itself, not a form) and
 * checks the answer against the contract as every other call's. The type sent is the file's own;
 * the server decides from the bytes anyway.
 */
export async function sendFile<E extends Endpoint & { response: NonNullable<Endpoint['response']> }>(
  endpoint: E,
  params: Record<string, unknown>,
  file: Blob,
  contentType = file.type || 'application/octet-stream',
): Promise<ResponseOf<E>> {
  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint, params), {
      method: endpoint.method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': contentType },
      body: file,
    });
  } catch (error) {
    throw createUnexpectedError(0, error instanceof Error ? error.message : 'Network failure');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw rejectAnswer(endpoint, response.status, payload);
  const parsed = endpoint.response.safeParse(payload);
  if (!parsed.success) throw createUnexpectedError(response.status, 'The server answer did not match the contract.', payload);
  return parsed.data as ResponseOf<E>;
}
