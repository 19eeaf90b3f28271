import { MFA_TYPE, type Locale, type UserInfo } from '@portal/contract';
import type { UserWithOrganisation } from '../db/repositories/users.repository.js';
import { serverText } from '../i18n/server-texts.js';

/** The settings dialog's profile in the specification's wire names. */
export function presentUserInfo(user: UserWithOrganisation): UserInfo {
  return {
    Id: user.id,
    Username: user.username,
    FirstName: user.first_name,
    LastName: user.last_name,
    Email: user.email,
    PhoneNumber: user.phone_number ?? '',
    ContactLanguage: user.contact_language as Locale,
    MFAType: user.mfa_type === MFA_TYPE.sms ? MFA_TYPE.sms : MFA_TYPE.email,
    Client: { Code: user.client_code, ActiveMFASMS: user.sms_mfa_active },
  };
}

export function presentProfileSaved(language: Locale): string {
  return serverText(language, 'profile.saved');
}

export function presentPasswordChanged(language: Locale): string {
  return serverText(language, 'profile.passwordChanged');
}
