import type { TypeRetention } from '../services/retention.service.js';

/** A type's retention as the versioned routes name it. */
export function presentRetention(retention: TypeRetention) {
  return { success: true as const, data: { code: retention.code, retentionDays: retention.retentionDays } };
}
