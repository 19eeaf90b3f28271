import type { z } from 'zod/mini';

/**
 * Adapts a contract schema to a Mantine form rule: the first issue's message, which the
 * contract writes as a translation key, or null when the value is valid.
 */
export function validateWith<T>(schema: z.ZodMiniType<T>) {
  return (value: unknown): string | null => {
    const result = schema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? 'validation.required');
  };
}
