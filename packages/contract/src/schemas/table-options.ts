import { z } from '../zod.js';

/**
 * A sort option as data tables send it: a single value, or an array whose first entry sorts
 * (`sortBy: ['LastName'], sortDesc: [true]`). An empty array, null or nothing means "no choice",
 * so the call's default order applies. Later entries (multi-sort) are accepted and ignored.
 */
export function oneOrFirstOf<T extends z.ZodMiniType>(value: T, errorKey: string) {
  return z.pipe(
    z.optional(z.union([value, z.array(value).check(z.maxLength(16)), z.null()], { error: errorKey })),
    z.transform((given): z.output<T> | undefined => {
      if (Array.isArray(given)) return given[0];
      return given ?? undefined;
    }),
  );
}
