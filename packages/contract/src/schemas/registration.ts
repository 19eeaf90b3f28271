import { z } from '../zod.js';
import {
  ATTRIBUTE_VALUE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_RULE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../constants.js';
import { integer } from './builders.js';
import { OneTimeCodeSchema } from './fields.js';

/**
 * Self-registration and onboarding (spec sections 2, 3 and 7). The request bodies accept what a
 * form can hold, bounded in length; the server then checks every rule itself and answers with
 * the specification's registration messages, so a forged payload meets the same checks as a
 * typed one. Titles, names and descriptions sent back by the web are ignored by the server:
 * it reads them from its own data.
 */
const bounded = (max: number) => z.string().check(z.maxLength(max, 'validation.tooLong'));
const display = z.optional(z.string().check(z.maxLength(1000)));

/** A document type offered for subscription, ticked or not (spec 3 'reportsLst'). */
export const RegistrationReportSchema = z.object({
  Id: integer(),
  Checked: z.boolean(),
  TitleFr: z.string(),
  TitleEn: z.string(),
});
export type RegistrationReport = z.infer<typeof RegistrationReportSchema>;

/** An attribute a subscriber proves, as printed on their own document. */
export const SubscriptionAttributeSchema = z.object({
  AttributeId: integer(),
  NameFr: z.string(),
  NameEn: z.string(),
  DescriptionFr: z.string(),
  DescriptionEn: z.string(),
  Value: z.string(),
});
export type SubscriptionAttribute = z.infer<typeof SubscriptionAttributeSchema>;

/** A chosen document type with the attributes that identify its owner (spec 3 'choosenReports'). */
export const ChosenReportSchema = z.object({
  Id: integer(),
  TitleFr: z.string(),
  TitleEn: z.string(),
  Attributes: z.array(SubscriptionAttributeSchema),
});
export type ChosenReport = z.infer<typeof ChosenReportSchema>;

/** What a client sends of a chosen type: the ids and values count, the rest is display. */
export const ChosenReportInputSchema = z.object({
  Id: integer(),
  TitleFr: display,
  TitleEn: display,
  Attributes: z
    .array(
      z.object({
        AttributeId: integer(),
        NameFr: display,
        NameEn: display,
        DescriptionFr: display,
        DescriptionEn: display,
        Value: z.string().check(z.maxLength(ATTRIBUTE_VALUE_MAX_LENGTH, 'validation.attributeValueTooLong')),
      }),
    )
    .check(z.maxLength(20)),
});
export type ChosenReportInput = z.input<typeof ChosenReportInputSchema>;

/** The registration model of spec 3, as every step sends it. */
export const RegistrationModelSchema = z.object({
  firstName: bounded(NAME_RULE_MAX_LENGTH),
  lastName: bounded(NAME_RULE_MAX_LENGTH),
  email: bounded(EMAIL_MAX_LENGTH),
  userName: bounded(USERNAME_MAX_LENGTH),
  password: bounded(PASSWORD_MAX_LENGTH),
  confirmPassword: bounded(PASSWORD_MAX_LENGTH),
  reportsLst: z._default(z.array(z.partial(RegistrationReportSchema, { TitleFr: true, TitleEn: true })).check(z.maxLength(200)), []),
  choosenReports: z._default(z.array(ChosenReportInputSchema).check(z.maxLength(200)), []),
  /**
   * Not in the specification's model, and not needed: step 2 leaves the browser a proof of the code,
   * which the final step uses up. A client that sends the code again here has it checked instead.
   */
  contactValidationCode: z.optional(z.string().check(z.maxLength(20))),
});
export type RegistrationModel = z.input<typeof RegistrationModelSchema>;

export const RegistrationStep1ResponseSchema = z.object({
  success: z.literal(true),
  reportsLst: z.array(RegistrationReportSchema),
  /** Seconds before another code may be asked for; a code still valid for this address is not sent again. */
  nextResendSeconds: integer(),
});

export const RegistrationStep2RequestSchema = z.object({
  data: RegistrationModelSchema,
  contactValidationCode: OneTimeCodeSchema,
});
export const RegistrationReportsResponseSchema = z.object({ success: z.literal(true), reportsLst: z.array(RegistrationReportSchema) });
export const RegistrationStep3ResponseSchema = z.object({ success: z.literal(true), choosenReports: z.array(ChosenReportSchema) });
export const RegistrationCodeSentResponseSchema = z.object({ success: z.literal(true), nextResendSeconds: integer() });

/** The credentials the web signs in with right after registering (spec 7). */
export const RegistrationDoneResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ Username: z.string(), Password: z.string() }),
});

/**
 * A subscription refused because other people already use the same data (409), or because no
 * document carries the data (400): `reportErrorList` names the document types concerned.
 * `blockDuplicate` says whether the client lets the person continue anyway.
 */
export const SubscriptionErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  msg: z.string(),
  duplicate: z.optional(z.boolean()),
  blockDuplicate: z.optional(z.boolean()),
  reportErrorList: z.optional(z.array(z.object({ Id: integer(), TitleFr: z.string(), TitleEn: z.string() }))),
});
export type SubscriptionError = z.infer<typeof SubscriptionErrorSchema>;

/** A document type a signed-in user may subscribe to, with the attributes to prove (spec 3 'Onboarding report'). */
export const OnboardingReportSchema = z.extend(ChosenReportSchema, { Checked: z.boolean() });
export type OnboardingReport = z.infer<typeof OnboardingReportSchema>;

export const OnboardingListResponseSchema = z.object({
  success: z.literal(true),
  reportsLst: z.array(OnboardingReportSchema),
  /** Ids of the document types the user already has access to; subscribing again adds another owner's documents. */
  reportAccess: z.array(integer()),
});

export const OnboardingRequestSchema = z.object({
  choosenReports: z.array(ChosenReportInputSchema).check(z.maxLength(200)),
});

export const OnboardingDoneResponseSchema = z.object({
  success: z.literal(true),
  /** Ids of the document types the user can now open. */
  reportAccess: z.array(integer()),
});
