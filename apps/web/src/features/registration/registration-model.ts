import type { ChosenReport, RegistrationModel, RegistrationReport } from '@portal/contract';
import { toChosenReportInputs } from '../../lib/subscription-values';

/** Step 1 of the wizard: who the person is and the password they choose. */
export interface UserInformation {
  firstName: string;
  lastName: string;
  email: string;
  userName: string;
  password: string;
  confirmPassword: string;
}

export const USER_INFORMATION_FIELDS = ['firstName', 'lastName', 'email', 'userName', 'password', 'confirmPassword'] as const;

export const EMPTY_USER_INFORMATION: UserInformation = {
  firstName: '',
  lastName: '',
  email: '',
  userName: '',
  password: '',
  confirmPassword: '',
};

/** The wizard's steps, in order (spec section 2). */
export const REGISTRATION_STEPS = ['userInfo', 'code', 'types', 'attributes'] as const;
export type RegistrationStep = 0 | 1 | 2 | 3;

/** Spec section 4: Previous goes from step 4 to 3, and from any other step back to the first. */
export function previousStepOf(step: RegistrationStep): RegistrationStep {
  return step === 3 ? 2 : 0;
}

interface WizardData {
  info: UserInformation;
  reports: RegistrationReport[];
  chosen: ChosenReport[];
}

/**
 * The registration model every call sends (spec section 3). Passwords go as typed; the other
 * texts without surrounding spaces. The step-2 code is not sent again: the server remembers,
 * for this browser, that the address was proven.
 */
export function buildRegistrationModel({ info, reports, chosen }: WizardData): RegistrationModel {
  return {
    firstName: info.firstName.trim(),
    lastName: info.lastName.trim(),
    email: info.email.trim(),
    userName: info.userName.trim(),
    password: info.password,
    confirmPassword: info.confirmPassword,
    reportsLst: reports,
    choosenReports: toChosenReportInputs(chosen),
  };
}
