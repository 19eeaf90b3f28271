import { LocaleSchema, MFA_TYPE, PersonNameSchema, UsernameSchema, type Locale, type UserInfo } from '@portal/contract';
import { validateWith } from '../../lib/zod-validator';

/** What the Profile tab edits; e-mail and a new phone number change only through a code. */
export interface ProfileValues {
  Username: string;
  FirstName: string;
  LastName: string;
  /** The saved number, or '' once the user removed it. */
  PhoneNumber: string;
  ContactLanguage: Locale;
  MFAType: 0 | 1;
}

export function profileValuesOf(userInfo: UserInfo): ProfileValues {
  return {
    Username: userInfo.Username,
    FirstName: userInfo.FirstName,
    LastName: userInfo.LastName,
    PhoneNumber: userInfo.PhoneNumber,
    ContactLanguage: userInfo.ContactLanguage,
    MFAType: userInfo.MFAType,
  };
}

export function profileRules(savedPhone: string) {
  return {
    Username: validateWith(UsernameSchema),
    FirstName: validateWith(PersonNameSchema),
    LastName: validateWith(PersonNameSchema),
    ContactLanguage: validateWith(LocaleSchema),
    // Only removal is saved here; a new number arrives already proven by its code.
    PhoneNumber: (value: string) => (value === '' || value === savedPhone ? null : 'validation.phoneInvalid'),
    MFAType: (value: number, values: ProfileValues) =>
      value === MFA_TYPE.sms && values.PhoneNumber === '' ? 'validation.mfaTypeInvalid' : null,
  };
}
