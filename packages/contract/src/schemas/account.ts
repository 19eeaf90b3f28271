import { z } from 'zod';

export const AccountStatusResponseSchema = z.object({
  success: z.literal(true),
  error: z.string().optional(),
  accountStatus: z.object({ MustSetPassword: z.boolean(), PasswordExpired: z.boolean() }),
});
export type AccountStatusResponse = z.infer<typeof AccountStatusResponseSchema>;
