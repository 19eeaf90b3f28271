import { ERROR_KEYS } from '@portal/contract';
import type { RateLimitsRepository } from '../db/repositories/rate-limits.repository.js';
import { AppError } from '../errors.js';

export interface Limit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

export function createRateLimiter(deps: { rateLimits: RateLimitsRepository; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    /** Counts one hit against every limit and refuses with 429 when any is exceeded. */
    async consume(...limits: Limit[]): Promise<void> {
      for (const limit of limits) {
        const hits = await deps.rateLimits.hit(limit.bucket, limit.windowSeconds, now());
        if (hits > limit.max) {
          throw new AppError(429, ERROR_KEYS.tooManyRequests, 'Too many requests. Please try again later.', {
            retryAfterSeconds: limit.windowSeconds,
          });
        }
      }
    },
    /** Hits recorded so far in the current window. */
    count: (limit: Limit) => deps.rateLimits.count(limit.bucket, limit.windowSeconds, now()),
    hit: (limit: Limit) => deps.rateLimits.hit(limit.bucket, limit.windowSeconds, now()),
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
