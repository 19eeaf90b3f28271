import { ErrorResponseSchema, type ErrorResponse } from '@portal/contract';
import { isApiError } from './api-error';

export type FieldIssue = NonNullable<ErrorResponse['issues']>[number];

/** What the server said of each field it refused (`issues: [{ path, message }]` beside the error key). */
export function readIssues(error: unknown): FieldIssue[] {
  if (!isApiError(error)) return [];
  return ErrorResponseSchema.safeParse(error.body).data?.issues ?? [];
}

/**
 * The server's refusals of single fields as form errors: the first message of each of the
 * given fields. Messages are translation keys.
 */
export function readFieldIssues<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const issue of readIssues(error)) {
    const field = fields.find((name) => name === issue.path);
    if (field && found[field] === undefined) found[field] = issue.message;
  }
  return found;
}
