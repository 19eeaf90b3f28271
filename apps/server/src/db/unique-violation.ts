/** PostgreSQL's unique_violation: a unique index refused the row. */
const UNIQUE_VIOLATION = '23505';

/**
 * A rejection handler that says a unique index's refusal in domain terms (`asDomain()`), so that
 * no service reads database codes; any other error passes unchanged.
 */
export function rethrowUniqueViolation(asDomain: () => Error) {
  return (error: unknown): never => {
    const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
    throw code === UNIQUE_VIOLATION ? asDomain() : error;
  };
}
