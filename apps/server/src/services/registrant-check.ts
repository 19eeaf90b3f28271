import { EmailSchema, ERROR_KEYS, PasswordSchema, PersonNameSchema, UsernameSchema, type RegistrationModel } from '@portal/contract';
import type { z } from 'zod/mini';
import { AppError } from '../errors.js';

/** The person a registration is for, once every rule of the first step holds. */
export interface Registrant {
  firstName: string;
  lastName: string;
  email: string;
  userName: string;
  password: string;
}

interface Issue {
  path: keyof Registrant | 'confirmPassword';
  message: string;
}

/** The registration messages of the specification, with the English text for each key. */
const MESSAGES: Record<string, string> = {
  [ERROR_KEYS.registrationUsernameTaken]: 'The username provided is already used.',
  [ERROR_KEYS.registrationEmailInvalid]: 'The email address is not valid.',
  [ERROR_KEYS.registrationPasswordNotConfirmed]: 'The password is not properly confirmed.',
  [ERROR_KEYS.registrationPasswordWeak]: 'The password provided does not meet minimal security rules.',
  [ERROR_KEYS.emailTaken]: 'This e-mail address is already used by another account.',
};

function firstMessage(schema: z.ZodMiniType, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'validation.required');
}

/**
 * Checks the user-information step and reports every field in error at once, each with its
 * translation key; the first one is the answer's error. Checks that need the database run only
 * on values that are well formed.
 */
export async function checkRegistrant(
  model: Pick<RegistrationModel, 'firstName' | 'lastName' | 'email' | 'userName' | 'password' | 'confirmPassword'>,
  checks: {
    usernameTaken(username: string): Promise<boolean>;
    emailTaken(email: string): Promise<boolean>;
    assertStrongPassword(password: string): void;
  },
): Promise<Registrant> {
  const issues: Issue[] = [];
  const add = (path: Issue['path'], message: string | null) => {
    if (message) issues.push({ path, message });
  };
  add('firstName', firstMessage(PersonNameSchema, model.firstName));
  add('lastName', firstMessage(PersonNameSchema, model.lastName));

  const email = model.email.trim();
  const emailProblem = firstMessage(EmailSchema, email);
  add('email', emailProblem && ERROR_KEYS.registrationEmailInvalid);
  if (!emailProblem && (await checks.emailTaken(email))) add('email', ERROR_KEYS.emailTaken);

  const userName = model.userName.trim();
  const usernameProblem = firstMessage(UsernameSchema, userName);
  add('userName', usernameProblem);
  if (!usernameProblem && (await checks.usernameTaken(userName))) add('userName', ERROR_KEYS.registrationUsernameTaken);

  let passwordProblem = firstMessage(PasswordSchema, model.password) && ERROR_KEYS.registrationPasswordWeak;
  if (!passwordProblem) {
    try {
      checks.assertStrongPassword(model.password);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      passwordProblem = ERROR_KEYS.registrationPasswordWeak;
    }
  }
  add('password', passwordProblem);
  if (model.confirmPassword !== model.password) add('confirmPassword', ERROR_KEYS.registrationPasswordNotConfirmed);

  const first = issues[0];
  if (first) throw new AppError(400, first.message, MESSAGES[first.message] ?? 'Please correct the highlighted fields.', { issues });
  return { firstName: model.firstName.trim(), lastName: model.lastName.trim(), email, userName, password: model.password };
}
