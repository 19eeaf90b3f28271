import {
  MfaCodeValidationRequestSchema,
  MfaCodeValidationResponseSchema,
  SendMfaCodeRequestSchema,
  SendMfaCodeResponseSchema,
} from '../schemas/mfa.js';
import {
  ForgotPasswordRequestSchema,
  NeutralAnswerSchema,
  ResetPasswordRequestSchema,
  ResetPasswordResponseSchema,
  ValidateTokenRequestSchema,
  ValidateTokenResponseSchema,
} from '../schemas/password-recovery.js';
import { defineEndpoint } from './endpoint.js';

export const securityEndpoints = {
  sendMfaCode: defineEndpoint({
    method: 'POST',
    path: '/login/sendmfacode',
    summary: 'Sends a new one-time code by e-mail (MFAType 0) or SMS (1), honouring the resend delays.',
    access: 'pendingMfa',
    throttled: true,
    body: SendMfaCodeRequestSchema,
    response: SendMfaCodeResponseSchema,
  }),
  mfaCodeValidation: defineEndpoint({
    method: 'POST',
    path: '/login/mfacodevalidation',
    summary: 'Checks the one-time code; when right, the session is renewed and fully signed in.',
    access: 'pendingMfa',
    body: MfaCodeValidationRequestSchema,
    response: MfaCodeValidationResponseSchema,
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/api/forgotpassword',
    summary: 'Sends a reset link when the account exists; the answer is the same either way.',
    access: 'public',
    throttled: true,
    body: ForgotPasswordRequestSchema,
    response: NeutralAnswerSchema,
  }),
  forgotPasswordConfirmation: defineEndpoint({
    method: 'POST',
    path: '/api/forgotpasswordconfirmation',
    summary: 'The neutral confirmation text shown after a reset request, in the caller’s language.',
    access: 'public',
    response: NeutralAnswerSchema,
  }),
  validateToken: defineEndpoint({
    method: 'POST',
    path: '/api/validatetoken',
    summary: 'Whether a reset link’s token is still valid (unused, unexpired).',
    access: 'public',
    body: ValidateTokenRequestSchema,
    response: ValidateTokenResponseSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/resetpassword',
    summary: 'Sets a new password with a reset token; ends every session of the user.',
    access: 'public',
    body: ResetPasswordRequestSchema,
    response: ResetPasswordResponseSchema,
  }),
  resetPasswordConfirmation: defineEndpoint({
    method: 'POST',
    path: '/api/resetpasswordconfirmation',
    summary: 'The confirmation text shown after a successful reset, in the caller’s language.',
    access: 'public',
    response: NeutralAnswerSchema,
  }),
};
