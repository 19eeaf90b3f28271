import { useQuery } from '@tanstack/react-query';
import { userInfoQuery } from './settings-queries';
import { usePasswordRequirement } from './use-password-requirement';

/**
 * The checks after login that run whether or not the settings dialog is shown (spec section 4):
 * the account status, then the profile. Says whether a password must be set or has expired, in
 * which case the dialog opens by itself.
 */
export function useStartupChecks(): { isPasswordRequired: boolean } {
  const password = usePasswordRequirement();
  useQuery({ ...userInfoQuery(), enabled: password.isKnown });
  return { isPasswordRequired: password.requirement !== null };
}

/**
 * The dialog's tabs (the forms, passkeys, devices, the digest) weigh more than the dashboard
 * itself, and most visits never open it: its files are fetched when it is first shown.
 */
export async function loadSettingsDialog() {
  return (await import('./settings-dialog')).SettingsDialog;
}
