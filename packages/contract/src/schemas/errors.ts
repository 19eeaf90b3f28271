import { z } from '../zod.js';

/** Every failure the server reports has this shape; `error` is a translation key. */
export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  msg: z.string(),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const SuccessResponseSchema = z.object({ success: z.literal(true) });

/** Error keys the server sends, so the web has one list to translate. */
export const ERROR_KEYS = {
  validation: 'errors.validation',
  unexpected: 'errors.unexpected',
  sessionExpired: 'session-expired',
  invalidCredentials: 'errors.invalidCredentials',
  lockedOut: 'errors.lockedOut',
  noLongerAccess: 'errors.noLongerAccess',
  forbidden: 'errors.forbidden',
  notFound: 'errors.notFound',
  rangeNotSatisfiable: 'errors.rangeNotSatisfiable',
  foreignOrigin: 'errors.foreignOrigin',
  tooManyRequests: 'errors.tooManyRequests',
  /** A person already has as many zips, merged PDFs or spreadsheets on their way as one may (HEAVY_DOWNLOADS_PER_PERSON). */
  tooManyDownloads: 'errors.tooManyDownloads',
  /** A person already has as many lists, searches or access previews running as one may (SEARCHES_PER_PERSON). */
  tooManySearches: 'errors.tooManySearches',
  /** The database cannot be reached for now (a restart, a failover): the same call will work again shortly. */
  databaseUnavailable: 'errors.databaseUnavailable',
  /** A list or search ran longer than the server allows a statement (SEARCH_STATEMENT_TIMEOUT_MS). */
  searchTimeout: 'errors.searchTimeout',
  mfaRequired: 'errors.mfaRequired',
  codeInvalid: 'errors.codeInvalid',
  codeSendFailed: 'errors.codeSendFailed',
  resendTooSoon: 'errors.resendTooSoon',
  smsUnavailable: 'errors.smsUnavailable',
  incompleteProfile: 'errors.incompleteProfile',
  resetRequestInvalid: 'errors.resetRequestInvalid',
  resetUsernameMismatch: 'errors.resetUsernameMismatch',
  unableToRecover: 'errors.unableToRecover',
  oldPasswordMismatch: 'errors.oldPasswordMismatch',
  newPasswordMismatch: 'errors.newPasswordMismatch',
  samePassword: 'errors.samePassword',
  passwordReused: 'errors.passwordReused',
  passwordWeak: 'errors.passwordWeak',
  passwordTooCommon: 'errors.passwordTooCommon',
  usernameTaken: 'errors.usernameTaken',
  userNotFound: 'errors.userNotFound',
  unableToSendCode: 'errors.unableToSendCode',
  unableToValidateCode: 'errors.unableToValidateCode',
  passwordExpired: 'errors.passwordExpired',
  contactInvalidLength: 'errors.contactInvalidLength',
  contactInvalidFormat: 'errors.contactInvalidFormat',
  emailTaken: 'errors.emailTaken',
  clientUnknown: 'errors.clientUnknown',
  experienceNotOfClient: 'errors.experienceNotOfClient',
  roleNotAllowed: 'errors.roleNotAllowed',
  cannotChangeOwnAccess: 'errors.cannotChangeOwnAccess',
  cannotDeleteSelf: 'errors.cannotDeleteSelf',
  reportAccessUserOnly: 'errors.reportAccessUserOnly',
  reportAccessInvalid: 'errors.reportAccessInvalid',
  criteriaGroupIncomplete: 'errors.criteriaGroupIncomplete',
  onboardingUnavailable: 'errors.onboardingUnavailable',
  registrationUsernameTaken: 'errors.registrationUsernameTaken',
  registrationEmailInvalid: 'errors.registrationEmailInvalid',
  registrationPasswordNotConfirmed: 'errors.registrationPasswordNotConfirmed',
  registrationPasswordWeak: 'errors.registrationPasswordWeak',
  registrationCodeInvalid: 'errors.registrationCodeInvalid',
  registrationNotVerified: 'errors.registrationNotVerified',
  noDocumentTypeChosen: 'errors.noDocumentTypeChosen',
  subscriptionInvalid: 'errors.subscriptionInvalid',
  subscriptionInUse: 'errors.subscriptionInUse',
  registrationFailed: 'errors.registrationFailed',
  apiKeyInvalid: 'errors.apiKeyInvalid',
  apiKeyTypeForbidden: 'errors.apiKeyTypeForbidden',
  apiKeyNotFound: 'errors.apiKeyNotFound',
  webhookNotFound: 'errors.webhookNotFound',
  webhookDeliveryNotFound: 'errors.webhookDeliveryNotFound',
  /** A disabled endpoint sends nothing, again or not: enable it first. */
  webhookDisabled: 'errors.webhookDisabled',
  documentTypeUnknown: 'errors.documentTypeUnknown',
  documentNotFound: 'errors.documentNotFound',
  storageUnavailable: 'errors.storageUnavailable',
  digestTokenInvalid: 'errors.digestTokenInvalid',
  /** An unsubscribe link older than DIGEST_UNSUBSCRIBE_LINK_DAYS: the latest digest carries a fresh one. */
  digestTokenExpired: 'errors.digestTokenExpired',
  /** The passkey's answer was not accepted: a wrong site, a used or expired challenge, a removed passkey, a counter that went back. */
  passkeyRefused: 'errors.passkeyRefused',
  /** The person has no passkey to sign in with. */
  noPasskey: 'errors.noPasskey',
  /** This authenticator already holds a passkey of the account. */
  passkeyAlreadyRegistered: 'errors.passkeyAlreadyRegistered',
  /** The person already has as many passkeys as one may (PASSKEYS_PER_PERSON). */
  tooManyPasskeys: 'errors.tooManyPasskeys',
  legalHoldNotFound: 'errors.legalHoldNotFound',
  /** A legal hold keeps the document: it can be neither deleted nor replaced until the hold is released. */
  documentUnderLegalHold: 'errors.documentUnderLegalHold',
  /** The document's type does not ask its readers to confirm reading, or the person is staff. */
  acknowledgementNotAsked: 'errors.acknowledgementNotAsked',
  /** The code typed is not the one printed in the person's sample document. */
  consentCodeWrong: 'errors.consentCodeWrong',
  /** A newer disclosure was published meanwhile: read it, then consent to it. */
  consentVersionOutdated: 'errors.consentVersionOutdated',
  /** The person's client asks no consent (no disclosure in force), or the person is staff. */
  consentNotAsked: 'errors.consentNotAsked',
} as const;
export type ErrorKey = (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS];
