import type { ErrorKey } from '@portal/contract';

/**
 * Router state a page passes when it sends the visitor to sign in with something to say,
 * such as a refused reset link.
 */
export interface LoginNoticeState {
  noticeKey: ErrorKey;
}

export function readLoginNotice(state: unknown): ErrorKey | undefined {
  const key = (state as Partial<LoginNoticeState> | null)?.noticeKey;
  return typeof key === 'string' ? key : undefined;
}
