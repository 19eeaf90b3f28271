import { z } from '../zod.js';
import { LoginPasswordSchema, LoginUsernameSchema, LocaleSchema } from './fields.js';
import { integer } from './builders.js';
import { allowControlCharacters } from './request-values.js';
import { ROLE_CODES, MENUS } from './roles.js';

export const SearchPreferenceSchema = z.array(
  z.object({
    IndexDefinitionCode: z.string(),
    SearchMethod: integer().check(z.gte(0), z.lte(3)),
    SearchColumns: z.array(z.string()),
  }),
);

/** The signed-in user as the web stores it (spec section 3, "Logged-in user"). */
export const LoggedInUserSchema = z.object({
  userid: integer(),
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
  rejectedPassword: integer(),
  redirectTo: z.string(),
  searchPreference: SearchPreferenceSchema,
  /** At the code step, when the person may trust this device: for how many days. */
  trustDeviceDays: z.optional(integer().check(z.positive())),
  /** At the code step, when the person has a passkey that may be used instead of the code. */
  passkeys: z.optional(z.boolean()),
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
  LockedOut: z.optional(z.boolean()),
  RejectedPassword: z.optional(integer().check(z.gte(0), z.lte(1000))),
  DeviceId: z.optional(z.string().check(z.maxLength(128))),
});
export type ProcessLoginRequest = z.infer<typeof ProcessLoginRequestSchema>;

export const ProcessLoginResponseSchema = z.object({
  success: z.literal(true),
  user: LoggedInUserSchema,
  error: z.optional(z.string()),
});

export const DisplayLoginResponseSchema = z.object({
  hasOnboarding: z.boolean(),
  defaultLanguage: LocaleSchema,
  experienceCode: z.string(),
});

export const SetLangQuerySchema = z.object({ lang: LocaleSchema });
export const SetLangResponseSchema = z.object({ success: z.literal(true), lang: LocaleSchema });

export const LogoutResponseSchema = z.object({
  success: z.literal(true),
  /**
   * The portal's own addition: where to send the browser to end the person's session at its
   * organisation's identity provider too, when a provider opened the session and offers it.
   */
  providerLogoutUrl: z.optional(z.string()),
});
