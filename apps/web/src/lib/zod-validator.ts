import type { z } from 'zod';

/**
 * Adapts a contract schema to a Mantine form rule: the first issue's message, which the
 * contract writes as a translation key, or null when the value is valid.
 */
export function validateWith<T>(schema: z.ZodType<T>) {
  return (value: unknown): string | null => {
    const result = schema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? 'validation.required');
  };
}
