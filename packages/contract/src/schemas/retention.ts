import { z } from '../zod.js';
import { integer } from './builders.js';

/** A retention is a whole number of days, at most about a hundred years; null keeps documents forever. */
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 36_500;

export const SetRetentionRequestSchema = z.object({
  retentionDays: z.nullable(
    z
      .number({ error: 'validation.retentionDaysInvalid' })
      .check(
        z.int('validation.retentionDaysInvalid'),
        z.gte(RETENTION_DAYS_MIN, 'validation.retentionDaysInvalid'),
        z.lte(RETENTION_DAYS_MAX, 'validation.retentionDaysInvalid'),
      ),
  ),
});
export type SetRetentionRequest = z.infer<typeof SetRetentionRequestSchema>;

export const RetentionResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ code: z.string(), retentionDays: z.nullable(integer()) }),
});
