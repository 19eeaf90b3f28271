import { ErrorResponseSchema } from '@portal/contract';
import { isApiError } from './api-error';

/**
 * The server's refusals of single fields (`issues: [{ path, message }]` beside the error key),
 * as form errors: the first message of each of the given fields. Messages are translation keys.
 */
export function readFieldIssues<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  if (!isApiError(error)) return {};
  const parsed = ErrorResponseSchema.safeParse(error.body);
  const found: Partial<Record<F, string>> = {};
  for (const issue of parsed.success ? (parsed.data.issues ?? []) : []) {
    const field = fields.find((name) => name === issue.path);
    if (field && found[field] === undefined) found[field] = issue.message;
  }
  return found;
}
