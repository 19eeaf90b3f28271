import {
  endpoints,
  ERROR_KEYS,
  ErrorResponseSchema,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@portal/contract';
import { ApiError, createUnexpectedError } from './api-error';
import { rememberSessionExpired } from './session-expiry-notice';
import { clearStoredUser } from './stored-user';

type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type CallOptions<E extends Endpoint> = Part<'body', BodyOf<E>> &
  Part<'query', QueryOf<E>> &
  Part<'params', ParamsOf<E>> & { signal?: AbortSignal };

/** The options argument may be left out when the endpoint needs nothing. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "nothing required" is exactly `{}`
type OptionsArgument<E extends Endpoint> = {} extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** Statuses the server uses for a missing or expired session. */
const SESSION_STATUSES = new Set([401, 419]);

/**
 * Calls one endpoint of the contract and returns its parsed answer. Failures become an
 * ApiError carrying the server's translation key; a lost session clears the stored user
 * and sends the browser to the sign-in page.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  ...[options]: OptionsArgument<E>
): Promise<ResponseOf<E>> {
  const url = buildUrl(endpoint, options?.params as Record<string, unknown>, options?.query as Record<string, unknown>);
  const body: unknown = options?.body;
  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(hasBody && { 'Content-Type': 'application/json' }) },
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: options?.signal,
    });
  } catch (error) {
    // Cancellation is not a failure: let TanStack Query see its own abort.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw createUnexpectedError(0, error instanceof Error ? error.message : 'Network failure');
  }

  if (!response.ok) throw handleFailure(endpoint, await toApiError(response));
  if (!endpoint.response) return (await response.blob()) as ResponseOf<E>;

  const payload = await readJson(response);
  if (isFailurePayload(payload)) throw handleFailure(endpoint, toApiErrorFromPayload(response.status, payload));
  const parsed = endpoint.response.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${endpoint.path}`, parsed.error.issues);
    throw createUnexpectedError(response.status, 'The server answer did not match the contract.', payload);
  }
  return parsed.data as ResponseOf<E>;
}

/** Fills `:name` segments from params and appends the query string. */
export function buildUrl(
  endpoint: Pick<Endpoint, 'path'>,
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
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

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function isFailurePayload(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && (payload as { success?: unknown }).success === false;
}

async function toApiError(response: Response): Promise<ApiError> {
  return toApiErrorFromPayload(response.status, await readJson(response));
}

function toApiErrorFromPayload(status: number, payload: unknown): ApiError {
  const parsed = ErrorResponseSchema.safeParse(payload);
  if (parsed.success) return new ApiError(status, parsed.data.error, parsed.data.msg, payload);
  return createUnexpectedError(status, `HTTP ${status}`, payload);
}

/** Signing in answers its own failures (wrong password, lockout), which are not a lost session. */
function handleFailure(endpoint: Endpoint, error: ApiError): ApiError {
  const isSignIn = endpoint.path === endpoints.processLogin.path;
  const isSessionLost = SESSION_STATUSES.has(error.status) || error.key === ERROR_KEYS.sessionExpired;
  if (isSessionLost && !isSignIn) {
    clearStoredUser();
    if (!window.location.hash.startsWith('#/login')) {
      rememberSessionExpired();
      window.location.hash = '#/login';
    }
  }
  return error;
}
