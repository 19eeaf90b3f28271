import { z } from '../zod.js';
import { LoginUsernameSchema, PasswordSchema } from './fields.js';

export const ForgotPasswordRequestSchema = z.object({
  userName: LoginUsernameSchema,
  /** The experience whose brand the e-mail should carry. */
  exp: z.string().max(32).optional(),
});
export const NeutralAnswerSchema = z.object({ success: z.literal(true), msg: z.string() });

export const TokenSchema = z
  .string({ error: 'validation.tokenInvalid' })
  .min(20, 'validation.tokenInvalid')
  .max(200, 'validation.tokenInvalid');

export const ValidateTokenRequestSchema = z.object({ token: TokenSchema });
export const ValidateTokenResponseSchema = z.object({ success: z.literal(true) });

export const ResetPasswordRequestSchema = z
  .object({
    username: LoginUsernameSchema,
    token: TokenSchema,
    password: PasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'validation.confirmationMismatch',
    path: ['confirmPassword'],
  });
export const ResetPasswordResponseSchema = z.object({ success: z.literal(true), msg: z.string() });
