import type { UserWithOrganisation } from '../db/repositories/users.repository.js';

const DAY_MS = 86_400_000;

export function createAccountService(deps: { passwordMaxAgeDays: number; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    getAccountStatus(user: UserWithOrganisation) {
      const changedAt = user.password_changed_at;
      const expired =
        deps.passwordMaxAgeDays > 0 &&
        (changedAt === null || now().getTime() - changedAt.getTime() > deps.passwordMaxAgeDays * DAY_MS);
      return { MustSetPassword: user.must_set_password || user.password_hash === null, PasswordExpired: expired };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
