import {
  PasskeyCodeSentResponseSchema,
  PasskeyParamsSchema,
  PasskeyRegistrationOptionsRequestSchema,
  PasskeyResponseSchema,
  PasskeySignInRequestSchema,
  PasskeySignInResponseSchema,
  PasskeysResponseSchema,
  RegisterPasskeyRequestSchema,
  RenamePasskeyRequestSchema,
  WebAuthnOptionsResponseSchema,
} from '../schemas/passkeys.js';
import { RemovedResponseSchema } from '../schemas/own-sessions.js';
import { defineEndpoint } from './endpoint.js';

/** Passkeys as a second step: added in Settings after a code, used at the code step instead of one. */
export const passkeysEndpoints = {
  listPasskeys: defineEndpoint({
    method: 'GET',
    path: '/api/account/passkeys',
    summary: 'The passkeys of the signed-in person, oldest first.',
    access: 'session',
    response: PasskeysResponseSchema,
  }),
  sendPasskeyCode: defineEndpoint({
    method: 'POST',
    path: '/api/account/passkeys/code',
    summary: 'Sends a code by the person’s second-step channel, to confirm that it is them who adds a passkey.',
    access: 'session',
    throttled: true,
    response: PasskeyCodeSentResponseSchema,
  }),
  passkeyRegistrationOptions: defineEndpoint({
    method: 'POST',
    path: '/api/account/passkeys/registration-options',
    summary:
      'Checks the code (without using it up); when right, the options for the browser to create a passkey (its challenge valid for five minutes).',
    access: 'session',
    body: PasskeyRegistrationOptionsRequestSchema,
    response: WebAuthnOptionsResponseSchema,
  }),
  registerPasskey: defineEndpoint({
    method: 'POST',
    path: '/api/account/passkeys',
    summary:
      'Checks the code again, verifies the new passkey against the challenge just given, and keeps it under its name, using the code up.',
    access: 'session',
    body: RegisterPasskeyRequestSchema,
    response: PasskeyResponseSchema,
  }),
  renamePasskey: defineEndpoint({
    method: 'PUT',
    path: '/api/account/passkeys/:passkeyId',
    summary: 'Renames one of the person’s passkeys; 404 when it is not theirs.',
    access: 'session',
    params: PasskeyParamsSchema,
    body: RenamePasskeyRequestSchema,
    response: PasskeyResponseSchema,
  }),
  removePasskey: defineEndpoint({
    method: 'DELETE',
    path: '/api/account/passkeys/:passkeyId',
    summary: 'Removes one of the person’s passkeys: it signs nobody in any more; 404 when it is not theirs.',
    access: 'session',
    params: PasskeyParamsSchema,
    response: RemovedResponseSchema,
  }),
  passkeySignInOptions: defineEndpoint({
    method: 'POST',
    path: '/login/passkey-options',
    summary: 'At the code step: the options for the browser to sign with one of the person’s passkeys; 404 when they have none.',
    access: 'pendingMfa',
    response: WebAuthnOptionsResponseSchema,
  }),
  passkeySignIn: defineEndpoint({
    method: 'POST',
    path: '/login/passkey',
    summary: 'At the code step: a passkey’s signature instead of the code; when verified, the session is renewed and fully signed in.',
    access: 'pendingMfa',
    body: PasskeySignInRequestSchema,
    response: PasskeySignInResponseSchema,
  }),
};
