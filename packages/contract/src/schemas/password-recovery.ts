import { z } from '../zod.js';
import { LoginUsernameSchema, PasswordSchema } from './fields.js';

export const ForgotPasswordRequestSchema = z.object({
  userName: LoginUsernameSchema,
  /** The experience whose brand the e-mail should carry. */
  exp: z.optional(z.string().check(z.maxLength(32))),
});
export const NeutralAnswerSchema = z.object({ success: z.literal(true), msg: z.string() });

export const TokenSchema = z
  .string({ error: 'validation.tokenInvalid' })
  .check(z.minLength(20, 'validation.tokenInvalid'), z.maxLength(200, 'validation.tokenInvalid'));

export const ValidateTokenRequestSchema = z.object({ token: TokenSchema });
export const ValidateTokenResponseSchema = z.object({ success: z.literal(true) });

export const ResetPasswordRequestSchema = z
  .object({
    username: LoginUsernameSchema,
    token: TokenSchema,
    password: PasswordSchema,
    confirmPassword: z.string(),
  })
  .check(
    z.refine((value) => value.password === value.confirmPassword, {
      message: 'validation.confirmationMismatch',
      path: ['confirmPassword'],
    }),
  );
export const ResetPasswordResponseSchema = z.object({ success: z.literal(true), msg: z.string() });
