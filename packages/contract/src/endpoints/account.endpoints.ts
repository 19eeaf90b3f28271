import {
  AccountStatusResponseSchema,
  ContactCodeSentResponseSchema,
  ContactValidatedResponseSchema,
  MessageResponseSchema,
  SendContactValidationCodeRequestSchema,
  SetNewPasswordRequestSchema,
  SetUserInfoRequestSchema,
  UserInfoResponseSchema,
  ValidateContactValidationCodeRequestSchema,
} from '../schemas/account.js';
import { defineEndpoint } from './endpoint.js';

export const accountEndpoints = {
  accountStatus: defineEndpoint({
    method: 'GET',
    path: '/login/account-status',
    summary: 'Whether the signed-in user must set a password now, or whose password has expired.',
    access: 'session',
    customerView: 'read',
    response: AccountStatusResponseSchema,
  }),
  userInfo: defineEndpoint({
    method: 'GET',
    path: '/account/user-info',
    summary: 'The profile of the signed-in user.',
    access: 'session',
    response: UserInfoResponseSchema,
  }),
  setUserInfo: defineEndpoint({
    method: 'POST',
    path: '/account/set-user-info',
    summary: 'Saves the profile: username, names, contact language, MFA channel, or removes the phone number.',
    access: 'session',
    body: SetUserInfoRequestSchema,
    response: MessageResponseSchema,
  }),
  setNewPassword: defineEndpoint({
    method: 'POST',
    path: '/account/set-new-password',
    summary: 'Changes the password of the signed-in user and ends its other sessions.',
    access: 'session',
    body: SetNewPasswordRequestSchema,
    response: MessageResponseSchema,
  }),
  sendContactValidationCode: defineEndpoint({
    method: 'POST',
    path: '/account/sendContactValidationCode',
    summary: 'Sends a code to a new e-mail address (CommunicationType 0) or phone number (1) of the signed-in user.',
    access: 'session',
    throttled: true,
    body: SendContactValidationCodeRequestSchema,
    response: ContactCodeSentResponseSchema,
  }),
  validateContactValidationCode: defineEndpoint({
    method: 'POST',
    path: '/account/validateContactValidationCode',
    summary: 'Checks the code sent to the new address or number and, when right, makes it the user’s.',
    access: 'session',
    body: ValidateContactValidationCodeRequestSchema,
    response: ContactValidatedResponseSchema,
  }),
};
