import type { AccountStatusResponse } from '@portal/contract';
import type { AccountStatus } from '../services/account.service.js';

export function presentAccountStatus(status: AccountStatus): AccountStatusResponse['accountStatus'] {
  return { MustSetPassword: status.mustSetPassword, PasswordExpired: status.passwordExpired };
}
