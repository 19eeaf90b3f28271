import type { z } from 'zod';
import type { Endpoint } from '@portal/contract';

type JsonEndpoint = Endpoint & { response: z.ZodType };

/**
 * A successful answer of a JSON call, checked against the contract's response schema and typed
 * by it, so tests read the wire names the specification fixes instead of casting them by hand.
 */
export function answerOf<E extends JsonEndpoint>(endpoint: E, response: { statusCode: number; body: string; json(): unknown }): z.output<E['response']> {
  if (response.statusCode !== 200) throw new Error(`${endpoint.path} answered ${response.statusCode}: ${response.body}`);
  return endpoint.response.parse(response.json()) as z.output<E['response']>;
}

