import type { LoggedInUser } from '@portal/contract';

/** What each of the shell's account menus (avatar menu, mobile drawer) is given: whose account, and what it can do. */
export interface AccountActions {
  user: LoggedInUser;
  /** Absent in a customer view: the customer's settings are theirs alone. */
  onOpenSettings?: () => void;
  onLogout: () => void;
}
