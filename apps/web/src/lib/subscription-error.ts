import { ERROR_KEYS, SubscriptionErrorSchema, type SubscriptionError } from '@portal/contract';
import { isApiError } from './api-error';

export type AffectedReport = NonNullable<SubscriptionError['reportErrorList']>[number];

/** What a refused subscription (at registration or later) says beyond its message. */
export interface SubscriptionRefusal {
  /** Other people already use the same data: the duplicate dialog decides what happens next. */
  isDuplicate: boolean;
  /** The client forbids continuing past duplicate data: the dialog offers only OK. */
  isBlocked: boolean;
  /** The document types whose data was refused. */
  reports: AffectedReport[];
}

/**
 * Reads a subscription refusal (409 duplicate data, or 400 data matching no document) out of a
 * failed call; undefined for any other failure.
 */
export function readSubscriptionRefusal(error: unknown): SubscriptionRefusal | undefined {
  if (!isApiError(error)) return undefined;
  const isDuplicate = error.key === ERROR_KEYS.subscriptionInUse;
  if (!isDuplicate && error.key !== ERROR_KEYS.subscriptionInvalid) return undefined;
  const parsed = SubscriptionErrorSchema.safeParse(error.body);
  const body = parsed.success ? parsed.data : undefined;
  return {
    isDuplicate,
    isBlocked: body?.blockDuplicate ?? false,
    reports: body?.reportErrorList ?? [],
  };
}
