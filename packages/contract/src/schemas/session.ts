import { z } from '../zod.js';
import { LoginPasswordSchema, LoginUsernameSchema, LocaleSchema } from './fields.js';
import { allowControlCharacters } from './request-values.js';
import { ROLE_CODES, MENUS } from './roles.js';

export const SearchPreferenceSchema = z.array(
  z.object({
    IndexDefinitionCode: z.string(),
    SearchMethod: z.number().int().min(0).max(3),
    SearchColumns: z.array(z.string()),
  }),
);

/** The signed-in user as the web stores it (spec section 3, "Logged-in user"). */
export const LoggedInUserSchema = z.object({
  userid: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  role: z.enum(ROLE_CODES),
  client: z.string(),
  experience: z.string(),
  menus: z.array(z.enum(MENUS)),
  mfa: z.boolean(),
  mfaType: z.union([z.literal(0), z.literal(1)]),
  mfaEmail: z.string(),
  mfaSms: z.string(),
  mfaAuditRoot: z.string(),
  LockedOut: z.boolean(),
  rejectedPassword: z.number().int(),
  redirectTo: z.string(),
  searchPreference: SearchPreferenceSchema,
  /** At the code step, when the person may trust this device: for how many days. */
  trustDeviceDays: z.number().int().positive().optional(),
  /** At the code step, when the person has a passkey that may be used instead of the code. */
  passkeys: z.boolean().optional(),
});
export type LoggedInUser = z.infer<typeof LoggedInUserSchema>;

/**
 * The credentials accept any character: a username no account can hold (a control character in it)
 * must answer as any unknown username does, in the same time; the server never looks it up as it is.
 */
export const ProcessLoginRequestSchema = z.object({
  UserName: allowControlCharacters(LoginUsernameSchema),
  Password: allowControlCharacters(LoginPasswordSchema),
  /** Informational only: lockout state lives on the server. */
  LockedOut: z.boolean().optional(),
  RejectedPassword: z.number().int().min(0).max(1000).optional(),
  DeviceId: z.string().max(128).optional(),
});
export type ProcessLoginRequest = z.infer<typeof ProcessLoginRequestSchema>;

export const ProcessLoginResponseSchema = z.object({
  success: z.literal(true),
  user: LoggedInUserSchema,
  error: z.string().optional(),
});

export const DisplayLoginResponseSchema = z.object({
  hasOnboarding: z.boolean(),
  defaultLanguage: LocaleSchema,
  experienceCode: z.string(),
});

export const SetLangQuerySchema = z.object({ lang: LocaleSchema });
export const SetLangResponseSchema = z.object({ success: z.literal(true), lang: LocaleSchema });

export const LogoutResponseSchema = z.object({ success: z.literal(true) });
