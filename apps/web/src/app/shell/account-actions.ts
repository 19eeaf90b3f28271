import type { LoggedInUser } from '@portal/contract';

/** What each of the shell's account menus (avatar menu, mobile drawer) is given: whose account, and what it can do. */
export interface AccountActions {
  user: LoggedInUser;
  onOpenSettings: () => void;
  onLogout: () => void;
}
