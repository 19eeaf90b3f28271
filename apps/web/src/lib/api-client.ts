import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@portal/contract';
import { createUnexpectedError, toApiError, type ApiError } from './api-error';
import { handleSessionLoss } from './session-loss';

type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type CallOptions<E extends Endpoint> = Part<'body', BodyOf<E>> &
  Part<'query', QueryOf<E>> &
  Part<'params', ParamsOf<E>> & { signal?: AbortSignal };

/** The options argument may be left out when nothing in it is required. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "nothing required" is exactly `{}`
export type OptionsArgument<O> = {} extends O ? [options?: O] : [options: O];

/**
 * Calls one endpoint of the contract and returns its parsed answer. Failures become an
 * ApiError carrying the server's translation key; a lost session clears the stored user
 * and sends the browser to the sign-in page.
 */
export async function callApi<E extends Endpoint>(endpoint: E, ...[options]: OptionsArgument<CallOptions<E>>): Promise<ResponseOf<E>> {
  const response = await sendRequest(endpoint, options, 'application/json');
  if (!endpoint.response) return (await response.blob()) as ResponseOf<E>;

  const payload = await readJson(response);
  if (isFailurePayload(payload)) throw rejectAnswer(endpoint, response.status, payload);
  const parsed = endpoint.response.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${endpoint.path}`, parsed.error.issues);
    throw createUnexpectedError(response.status, 'The server answer did not match the contract.', payload);
  }
  return parsed.data as ResponseOf<E>;
}

/**
 * Sends one call of the contract with the session cookie and returns the answer when its
 * status is a success; otherwise throws the refusal (see rejectAnswer). Shared by JSON and
 * file calls, so both meet failures the same way.
 */
export async function sendRequest<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> | undefined,
  accept?: string,
): Promise<Response> {
  const url = buildUrl(endpoint, options?.params as Record<string, unknown>, options?.query as Record<string, unknown>);
  const body: unknown = options?.body;
  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      credentials: 'same-origin',
      headers: { ...(accept !== undefined && { Accept: accept }), ...(hasBody && { 'Content-Type': 'application/json' }) },
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: options?.signal,
    });
  } catch (error) {
    // Cancellation is not a failure: let TanStack Query (or the caller) see its own abort.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw createUnexpectedError(0, error instanceof Error ? error.message : 'Network failure');
  }
  if (!response.ok) throw rejectAnswer(endpoint, response.status, await readJson(response));
  return response;
}

/** Every refused answer passes here: the error the caller sees, after a lost session is dealt with. */
export function rejectAnswer(endpoint: Endpoint, status: number, payload: unknown): ApiError {
  const error = toApiError(status, payload);
  handleSessionLoss(endpoint, error);
  return error;
}

/** Fills `:name` segments from params and appends the query string. */
export function buildUrl(endpoint: Pick<Endpoint, 'path'>, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/** The answer's JSON, or undefined when it has none (an empty or HTML error page). */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function isFailurePayload(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && (payload as { success?: unknown }).success === false;
}
