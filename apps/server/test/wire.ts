import type { z } from 'zod/mini';
import { ErrorResponseSchema, type Endpoint, type ErrorResponse } from '@portal/contract';

type JsonEndpoint = Endpoint & { response: z.ZodMiniType };
/** What app.inject answers, as far as these readers need it. */
export type InjectedResponse = { statusCode: number; body: string; json(): unknown };

/**
 * A successful answer of a JSON call, checked against the contract's response schema and typed
 * by it, so tests read the wire names the specification fixes instead of casting them by hand.
 */
export function answerOf<E extends JsonEndpoint>(endpoint: E, response: InjectedResponse): z.output<E['response']> {
  if (response.statusCode !== 200) throw new Error(`${endpoint.path} answered ${response.statusCode}: ${response.body}`);
  return endpoint.response.parse(response.json()) as z.output<E['response']>;
}

/** A refused call's answer, checked against the one shape every failure has. */
export function refusalOf(response: InjectedResponse): ErrorResponse {
  if (response.statusCode < 400) throw new Error(`expected a refusal, got ${response.statusCode}: ${response.body}`);
  return ErrorResponseSchema.parse(response.json());
}
