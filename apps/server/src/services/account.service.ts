import type { UserWithOrganisation } from '../db/repositories/users.repository.js';

const DAY_MS = 86_400_000;

/**
 * Whether the person must choose a password now: none was ever set, or it has grown too old. A
 * session its organisation's identity provider opened asks neither: the person signs in there.
 */
export interface AccountStatus {
  mustSetPassword: boolean;
  passwordExpired: boolean;
}

export function createAccountService(deps: { passwordMaxAgeDays: number; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    getAccountStatus(user: UserWithOrganisation, session: { identityConnectionId: number | null }): AccountStatus {
      if (session.identityConnectionId !== null) return { mustSetPassword: false, passwordExpired: false };
      const changedAt = user.password_changed_at;
      const expired =
        deps.passwordMaxAgeDays > 0 && (changedAt === null || now().getTime() - changedAt.getTime() > deps.passwordMaxAgeDays * DAY_MS);
      return { mustSetPassword: user.must_set_password || user.password_hash === null, passwordExpired: expired };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
